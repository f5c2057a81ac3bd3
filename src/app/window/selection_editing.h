#pragma once
// Working with many parts at once (issue 27): the Edit menu's selection commands and the edits
// of several nodes — select all (A), none (Alt+A), invert (Ctrl+I), duplicate (Shift+D), copy,
// cut and paste through the clipboard as fragment JSON text (Ctrl+C, Ctrl+X, Ctrl+V), group and
// ungroup (Ctrl+G, Alt+G) and delete (X, Delete). Each edit is the core's (scene_fragment.h,
// fragment_file.h, grouping.h, node_removal.h: the same code as the Python module's) run as one
// undo step (commands/structure_edit.h); afterwards the selection is the nodes the edit made
// (the copies, the pasted nodes, the group) so the next key acts on them.
#include <QObject>
#include <QString>
#include <functional>
#include <string>
#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace flexure {
class Node;
}

namespace flexure::app {

class SceneDocument;
class SceneSelection;

class SelectionEditing : public QObject {
  Q_OBJECT

 public:
  SelectionEditing(SceneDocument& document, SceneSelection& selection, QObject* parent = nullptr);
  // Appends the commands, with their keys, to `menu` (the Edit menu; the outliner's context menu).
  void addTo(QMenu* menu) const;
  QAction* action(const char* name) const;  // "duplicate", "copy", ... (tests, context menus)
  // The Delete key on `widget` and its children (the viewport, the outliner) deletes the
  // selection; returns the action added to it.
  QAction* widgetDeleteAction(QWidget* widget);

  void selectAll();
  void selectNone();
  void invertSelection();
  bool duplicate();
  bool copy();
  bool cut();
  bool paste();
  bool group();
  bool ungroup();
  bool deleteSelected();
  // The selected parts' names, each with its own placement (partRoot), outermost only (a node
  // inside another chosen sub-tree goes with it), in the scene's order.
  std::vector<std::string> selectedNames() const;
  const Node* partRoot(const Node* node) const;

 signals:
  // What an edit refused or warned about, for the status bar: "Paste: <clipboard>:3:14: ...".
  void problem(const QString& message);
  // What an edit did: "Duplicated 2 parts", for the status bar.
  void done(const QString& message);
  // Shift+D made these copies (their top nodes): the window grabs them (Blender's Shift+D).
  void duplicated(const std::vector<std::string>& roots);

 private:
  void refreshActions();
  void selectNamed(const std::vector<std::string>& names);
  bool run(const QString& label, const std::function<void()>& edit);
  SceneDocument& document_;
  SceneSelection& selection_;
  std::vector<std::pair<const char*, QAction*>> actions_;
};

}  // namespace flexure::app
