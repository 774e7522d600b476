// A thin RAII wrapper over the SQLite C API: a connection (WAL, busy timeout), prepared statements with
// bind/step/column, and transactions. Errors throw SqliteError carrying SQLite's own message.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace plyjudge::storage {

class SqliteError : public std::runtime_error {
public:
    SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
    int code() const { return code_; }

private:
    int code_;
};

class Statement;

class Database {
public:
    // Opens the database file, creating it if needed as a private file (mode 0600, and so its -wal and -shm files).
    // WAL journal, synchronous=NORMAL (durable at each commit in WAL mode up to power loss of the last
    // transaction), foreign keys on, busy timeout so that several processes/threads can share the file.
    // ":memory:" opens a private in-memory database.
    explicit Database(const std::filesystem::path& path, std::chrono::milliseconds busyTimeout = std::chrono::milliseconds(10000));
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;

    // Runs one or more SQL statements without results.
    void exec(std::string_view sql);
    Statement prepare(std::string_view sql);
    std::int64_t lastInsertRowId() const;
    int changes() const;  // rows changed by the last statement
    sqlite3* handle() const { return db_; }

private:
    sqlite3* db_ = nullptr;
};

// A prepared statement. Parameters are 1-based (SQLite's convention); columns are 0-based.
class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bindNull(int index);
    template <class T>
    Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bindNull(index);
    }
    // Binds every argument in order, starting at parameter 1.
    template <class... Args>
    Statement& bindAll(const Args&... args) {
        int i = 0;
        (bind(++i, args), ...);
        return *this;
    }

    // Advances; true while there is a row to read.
    bool step();
    // Runs a statement that returns no rows, then resets it for reuse.
    void run();
    void reset();  // ready to step again; keeps the bindings

    bool isNull(int column) const;
    std::int64_t columnInt(int column) const;
    double columnDouble(int column) const;
    std::string columnText(int column) const;
    int columnCount() const;

private:
    sqlite3_stmt* stmt_ = nullptr;
    sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE on construction (takes the write lock at once, so no deadlock on upgrade); ROLLBACK on
// destruction unless commit() was called.
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace plyjudge::storage
