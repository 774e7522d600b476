# Hostile: opens a TCP connection to 127.0.0.1:argv[1] (where the test listens) and to a public address.
# Prints "connected" or "blocked" for each. Expected: Exited 0; with bubblewrap both blocked.
import socket, sys
for host, port in (("127.0.0.1", int(sys.argv[1])), ("1.1.1.1", 53)):
    try:
        s = socket.create_connection((host, port), timeout=0.3)
        s.sendall(b"leak\n")
        print("connected", host)
        s.close()
    except OSError:
        print("blocked", host)
