// Program text cut to the reports' sizes: bounded, saying how much was left out, never mid-character.
#include <gtest/gtest.h>

#include "common/report_text.hpp"
#include "common/utf8_text.hpp"

namespace plyjudge {
namespace {

TEST(ReportText, ShortTextIsKeptAsItIs) {
    EXPECT_EQ(cutForReport("node,1,4", kReportLineBytes), "node,1,4");
    EXPECT_EQ(cutForReport(std::string(300, 'x'), 300), std::string(300, 'x'));
}

TEST(ReportText, LongTextIsCutToTheLimitAndSaysHowMuchWasLeftOut) {
    const std::string line(20u << 20, 'A');
    const std::string cut = cutForReport(line, kReportLineBytes);
    EXPECT_LE(cut.size(), kReportLineBytes);
    const std::size_t kept = cut.find(" \xE2\x80\xA6 [");
    ASSERT_NE(kept, std::string::npos) << cut;
    EXPECT_EQ(cut.substr(0, kept), std::string(kept, 'A'));
    EXPECT_GT(kept, 250u);
    EXPECT_EQ(cut.substr(kept), " \xE2\x80\xA6 [" + std::to_string(line.size() - kept) + " more bytes]");
}

TEST(ReportText, BytesCutEarlierAreCounted) {
    // The start of an overlong line (the rest never read into memory) counts what the reader dropped.
    EXPECT_EQ(cutForReport("abc", 300, 1000), "abc \xE2\x80\xA6 [1000 more bytes]");
    const std::string cut = cutForReport(std::string(400, 'b'), 300, 1000);
    EXPECT_LE(cut.size(), 300u);
    const std::size_t kept = cut.find(' ');
    EXPECT_NE(cut.find("[" + std::to_string(400 - kept + 1000) + " more bytes]"), std::string::npos) << cut;
}

TEST(ReportText, NeverEndsInsideAUtf8Sequence) {
    std::string text;
    for (int i = 0; i < 200; ++i) text += "\xC3\xA9";  // é, two bytes each
    for (std::size_t limit = 40; limit < 80; ++limit) {
        const std::string cut = cutForReport(text, limit);
        EXPECT_LE(cut.size(), limit);
        EXPECT_EQ(validUtf8(cut), cut) << "cut inside a character at limit " << limit;
    }
}

TEST(ReportText, CuttingTwiceChangesNothing) {
    const std::string once = cutForReport(std::string(5000, 'z'), kReportStderrBytes - 100);
    EXPECT_EQ(cutForReport(once, kReportStderrBytes - 100), once);
}

}  // namespace
}  // namespace plyjudge
