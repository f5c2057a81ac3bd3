#pragma once
// Editing a node's non-parameter fields (field_visitor.h) in the property editor: the simple
// ones (flags, counts, numbers, names) are listed and assigned through the node's own
// visitFields, the same function the scene-file reader uses, so the node validates the value
// and rebuilds what depends on it. A field may change the node's parameter list (a curve's
// number of control points), so an edit is a structural change: Ψ is re-laid out and the
// document announces it. Lists of numbers (an MES curve's per-span α and β, a solid's inertia,
// an inline mesh's positions and triangles) are edited as text, the numbers separated by spaces.
#include <QString>
#include <QUndoCommand>
#include <string>
#include <variant>
#include <vector>

#include "flexure/core/parameters.h"

namespace flexure {
class Node;
}

namespace flexure::app {

class SceneDocument;

using FieldValue = std::variant<bool, int, double, std::string, std::vector<double>, std::vector<int>>;

struct SimpleField {
  std::string name;
  FieldValue value;
};

// The node's top-level fields of the simple types and the lists of numbers, in visit order
// (records, vectors, surface points and name lists are not among them).
std::vector<SimpleField> simpleFieldsOf(Node& node);

// A list of numbers as the editor shows it: separated by single spaces, each double in the
// shortest text that reads back to the same bits (std::to_chars), so an unchanged text is no edit.
std::string formatNumberList(const std::vector<double>& values);
std::string formatNumberList(const std::vector<int>& values);

// Reads a list typed in the editor (numbers separated by white space) into the type of
// `current` (std::vector<double> or std::vector<int>). On a token that is not a finite number
// (or not an integer, for an integer list) returns false and says so in `error`, naming the
// field and the token.
bool parseNumberList(const std::string& field, const std::string& text, const FieldValue& current, FieldValue& out,
                     QString& error);

class SetNodeFieldCommand : public QUndoCommand {
 public:
  SetNodeFieldCommand(SceneDocument& document, Node& node, std::string field, FieldValue before, FieldValue after);
  void redo() override;
  void undo() override;

 private:
  // The node's Ψ entries by slot name: a field that changes the slot list (a curve's point
  // count) drops entries, and undo must bring them back with their values.
  struct SlotState {
    std::string slot;
    double value = 0.0;
    ParameterInfo info;
  };
  std::vector<SlotState> slotsOfNode() const;
  void apply(const FieldValue& value, const std::vector<SlotState>& saved);

  SceneDocument& document_;
  Node& node_;
  std::string field_;
  FieldValue before_, after_;
  std::vector<SlotState> slotsBefore_, slotsAfter_;
  bool firstRedo_ = true;
};

// Pushes a SetNodeFieldCommand when the node accepts the value (tried on a copy first);
// otherwise returns why not and changes nothing.
QString pushNodeFieldEdit(SceneDocument& document, Node& node, const std::string& field, const FieldValue& value);

}  // namespace flexure::app
