#include "grader/results/class_settings.hpp"

#include <yaml-cpp/yaml.h>

#include "grader/results/fingerprint.hpp"

namespace plyjudge::grader {

namespace {

// The node's content, whatever its layout (block or flow, quoted or not): scalars, sequences and maps in order.
void addCanonical(Fingerprint& f, const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Scalar:
            f.add("s").add(node.Scalar());
            return;
        case YAML::NodeType::Sequence:
            f.add("[").add(std::to_string(node.size()));
            for (const auto& item : node) addCanonical(f, item);
            return;
        case YAML::NodeType::Map:
            f.add("{").add(std::to_string(node.size()));
            for (const auto& entry : node) {
                addCanonical(f, entry.first);
                addCanonical(f, entry.second);
            }
            return;
        default:
            f.add("~");
    }
}

}  // namespace

std::string classSettingsDigest(const std::string& assignmentText) {
    YAML::Node root;
    try {
        root = YAML::Load(assignmentText);
    } catch (const std::exception&) {
        return Fingerprint().add("text").add(assignmentText).hex();
    }
    if (!root.IsMap()) return Fingerprint().add("text").add(assignmentText).hex();
    Fingerprint f;
    f.add("yaml");
    for (const auto& entry : root) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        if (key == "overrides" || key == "title") continue;
        addCanonical(f, entry.first);
        addCanonical(f, entry.second);
    }
    return f.hex();
}

}  // namespace plyjudge::grader
