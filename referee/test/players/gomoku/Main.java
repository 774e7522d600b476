// A tiny gomoku4341 player in Java for the referee's tests (built with `javac -d build`, run as
// `java -cp build gomoku.Main NAME`, as real Java players were): on each of its turns it writes the next point of
// column H from row 8 down, and stops when end_game appears. It shows that a JVM starts under the default limits.
package gomoku;

import java.nio.file.Files;
import java.nio.file.Path;

public class Main {
    public static void main(String[] args) throws Exception {
        String name = args[0];
        Path go = Path.of(name + ".go"), endGame = Path.of("end_game"), moveFile = Path.of("move_file");
        int row = 8;
        while (!Files.exists(endGame)) {
            if (Files.exists(go)) {
                Files.writeString(moveFile, name + " H " + row++ + "\n");
                while (Files.exists(go) && !Files.exists(endGame)) Thread.sleep(5);
            }
            Thread.sleep(5);
        }
    }
}
