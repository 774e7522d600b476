#include <gtest/gtest.h>

#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "reference/core/output_file.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

TEST(OutputFile, SeparatesLinesWithLfAndWritesNoFinalNewline) {
    testing::TempDir dir;
    OutputFile out(dir / "a.txt");
    out.line("one");
    out.beginLine();
    out.putValue(kMinusInfinity);
    out.put(',');
    out.putValue(-42);
    out.commit();
    EXPECT_EQ(testing::readFile(dir / "a.txt"), "one\n-Infinity,-42");
}

TEST(OutputFile, NothingAppearsUnderTheRealNameUntilCommit) {
    testing::TempDir dir;
    {
        OutputFile out(dir / "a.txt");
        out.line("partial");
        out.flush();
        EXPECT_FALSE(std::filesystem::exists(dir / "a.txt"));
    }  // destroyed without commit: the temporary file is gone too
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(OutputFile, OverwriteFillsAReservedRegionAfterLargeStreamedOutput) {
    testing::TempDir dir;
    OutputFile out(dir / "a.txt");
    out.line("????");
    const std::size_t lines = OutputFile::bufferSize() / 11 + 1000;  // more than the buffer
    for (std::size_t i = 0; i < lines; ++i) out.line("0123456789");
    out.overwrite(0, "head");
    out.commit();
    const std::string text = testing::readFile(dir / "a.txt");
    EXPECT_EQ(text.substr(0, 15), "head\n0123456789");
    EXPECT_EQ(text.size(), 4 + lines * 11);
}

TEST(OutputFile, CommitReplacesAFileWithoutWritingIntoItAndLeavesNoOtherName) {
    testing::TempDir dir;
    {
        OutputFile old(dir / "a.txt");
        old.line("old");
        old.commit();
    }
    std::filesystem::create_hard_link(dir / "a.txt", dir / "reader.txt");  // a reader still holding the old file
    OutputFile out(dir / "a.txt");
    out.line("new");
    out.commit();
    EXPECT_EQ(testing::readFile(dir / "a.txt"), "new");
    EXPECT_EQ(testing::readFile(dir / "reader.txt"), "old");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"a.txt", "reader.txt"}));
}

TEST(OutputFile, CommitOverAFolderFailsNamingItAndKeepsTheFolder) {
    testing::TempDir dir;
    std::filesystem::create_directory(dir / "a.txt");
    OutputFile out(dir / "a.txt");
    out.line("text");
    try {
        out.commit();
        FAIL() << "commit replaced a folder";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("a.txt"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(std::filesystem::is_directory(dir / "a.txt"));
}

// A file's first kLargeWritesUpTo bytes go in writes of a whole buffer, the rest in kSteadyWrite ones
// (output_file.hpp): numbered lines across that change, then a text longer than a steady write but shorter than
// the buffer (written past the buffer then), then the lines again, all land in order, each exactly once.
TEST(OutputFile, AFileLongerThanItsLargeWritesIsWrittenWholeInSteadyOnesAfter) {
    testing::TempDir dir;
    const std::size_t lines = (OutputFile::kLargeWritesUpTo + 3 * OutputFile::bufferSize()) / 8;
    const std::string longText(OutputFile::kSteadyWrite + 1000, 'z');
    {
        OutputFile out(dir / "a.txt");
        auto numberedLines = [&] {
            for (std::size_t i = 0; i < lines; ++i) {
                out.beginLine();
                out.putInt(static_cast<long long>(i));
            }
        };
        numberedLines();
        out.line(longText);
        numberedLines();  // as many lines again, now all past the change
        out.line("end");
        out.commit();
    }
    const std::string text = testing::readFile(dir / "a.txt");
    std::string expected;
    expected.reserve(text.size());
    for (std::size_t i = 0; i < lines; ++i) {
        if (i > 0) expected += '\n';
        expected += std::to_string(i);
    }
    const std::string numbered = expected;
    expected += '\n' + longText + '\n' + numbered + "\nend";
    ASSERT_EQ(text.size(), expected.size());
    EXPECT_TRUE(text == expected);
}

// Buffers are kept for the next file (output_file.hpp): three files open at once (more than are kept), each filled
// past a buffer, then a short file after them, must each hold exactly their own bytes, nothing left from before.
TEST(OutputFile, FilesWrittenAtOnceOrOneAfterAnotherHoldOnlyTheirOwnBytes) {
    testing::TempDir dir;
    const std::vector<std::string> names = {"a.txt", "b.txt", "c.txt"};
    const std::size_t count = OutputFile::bufferSize() / 8 + 1000;  // lines of 8 bytes: past a buffer
    {
        std::vector<std::unique_ptr<OutputFile>> files;
        for (const std::string& name : names) files.push_back(std::make_unique<OutputFile>(dir / name));
        const std::string lines[] = {std::string(7, 'a'), std::string(7, 'b'), std::string(7, 'c')};
        for (std::size_t i = 0; i < count; ++i) {
            for (std::size_t f = 0; f < files.size(); ++f) files[f]->line(lines[f]);
        }
        for (auto& file : files) file->commit();
    }
    for (std::size_t f = 0; f < names.size(); ++f) {
        const std::string text = testing::readFile(dir / names[f]);
        EXPECT_EQ(text.size(), count * 8 - 1) << names[f];
        EXPECT_EQ(text.find_first_not_of(std::string(1, static_cast<char>('a' + f)) + "\n"), std::string::npos) << names[f];
    }
    OutputFile shortOne(dir / "short.txt");
    shortOne.line("xy");
    shortOne.commit();
    EXPECT_EQ(testing::readFile(dir / "short.txt"), "xy");
}

// Each thread keeps its own buffers and frees them when it ends: threads that each write two files at once, then
// end, leave every file whole and nothing behind to crash on.
TEST(OutputFile, ThreadsWritingFilesAtOnceEachKeepTheirOwnBuffers) {
    testing::TempDir dir;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&dir, t] {
            for (int round = 0; round < 3; ++round) {
                OutputFile log(dir / ("log" + std::to_string(t) + ".txt"));
                OutputFile state(dir / ("state" + std::to_string(t) + ".txt"));
                for (int i = 0; i < 30000; ++i) log.line(std::to_string(t * 100000 + i));
                state.line("thread " + std::to_string(t));
                log.commit();
                state.commit();
            }
        });
    }
    for (std::thread& thread : threads) thread.join();
    for (int t = 0; t < 4; ++t) {
        const std::string log = testing::readFile(dir / ("log" + std::to_string(t) + ".txt"));
        EXPECT_EQ(log.substr(0, log.find('\n')), std::to_string(t * 100000)) << t;
        EXPECT_EQ(log.substr(log.rfind('\n') + 1), std::to_string(t * 100000 + 29999)) << t;
        EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 29999) << t;
        EXPECT_EQ(testing::readFile(dir / ("state" + std::to_string(t) + ".txt")), "thread " + std::to_string(t));
    }
}

// The reason the buffers are kept: a second file written after a first one faults no fresh buffer in. A new 512 KiB
// buffer filled from scratch costs 128 page faults; what a file's name, descriptor and strings need costs a few. The
// second file takes the very buffer the first one left.
TEST(OutputFile, ASecondFileReusesTheFirstOnesBufferWithoutPageFaults) {
    testing::TempDir dir;
    std::thread([&dir] {  // a thread of its own, which starts with no buffer kept
        const std::string line(99, 'x');
        const std::size_t lines = OutputFile::bufferSize() / 100 + 10;  // the whole buffer is touched
        auto writeFile = [&](const char* name, int keptWhileWriting) {
            OutputFile out(dir / name);
            for (std::size_t i = 0; i < lines; ++i) out.line(line);
            EXPECT_EQ(OutputFile::idleBufferCount(), keptWhileWriting) << name;
            out.commit();
        };
        EXPECT_EQ(OutputFile::idleBufferCount(), 0);
        writeFile("first.txt", 0);
        EXPECT_EQ(OutputFile::idleBufferCount(), 1);
        ::malloc_trim(0);  // what the allocator does on its own when a freed buffer lies at the top of the heap
        rusage before{}, after{};
        ::getrusage(RUSAGE_THREAD, &before);
        writeFile("second.txt", 0);  // took the kept one
        ::getrusage(RUSAGE_THREAD, &after);
        EXPECT_EQ(OutputFile::idleBufferCount(), 1);
        EXPECT_LT(after.ru_minflt - before.ru_minflt, 16);
        EXPECT_EQ(std::filesystem::file_size(dir / "second.txt"), lines * 100 - 1);
    }).join();
}

}  // namespace
}  // namespace plyjudge
