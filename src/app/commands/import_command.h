#pragma once
// File → Import: the nodes, constraints and settings of an imported scene (an OBJ mesh, a
// description file's solids and joints, another scene file) are added to the open document as
// one undo step. Names that are already taken in the document get a ".N" suffix and the
// imported constraints' references follow the rename. Undo removes exactly what was added and
// restores Ψ (values, frozen flags, bounds) and the settings bit for bit; redo puts back the
// same node objects with the values they had.
#include <QString>
#include <QUndoCommand>
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/parameters.h"
#include "flexure/core/scene.h"

namespace flexure::app {

class SceneDocument;

class ImportSceneCommand : public QUndoCommand {
 public:
  // `imported` is consumed: its top-level nodes and its constraints move into the command.
  ImportSceneCommand(SceneDocument& document, Scene& imported, const QString& sourceName);
  ~ImportSceneCommand() override;

  void redo() override;
  void undo() override;

  // Names (after renaming) of the top-level nodes the import adds.
  std::vector<std::string> addedNames() const;

 private:
  struct SlotState {
    double value;
    ParameterInfo info;
  };
  void takeFrom(Scene& imported);
  void addToDocument(Scene& scene);
  void removeFromDocument(Scene& scene);

  SceneDocument& document_;
  std::vector<std::unique_ptr<Node>> nodes_;              // held while undone
  std::vector<Node*> added_;                              // the same nodes while done
  std::vector<std::unique_ptr<Constraint>> constraints_;  // held while undone
  std::vector<Constraint*> addedConstraints_;
  std::vector<std::unique_ptr<SettingsBlock>> newSettings_;  // blocks the document lacked
  std::vector<std::vector<SlotState>> importedSlots_;        // per node of nodes_, depth first
  ParameterTable before_, after_;
  SceneSettings settingsBefore_, settingsAfter_;
  bool done_once_ = false;
};

}  // namespace flexure::app
