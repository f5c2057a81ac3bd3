#include "window/selection_editing.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QWidget>
#include <algorithm>
#include <functional>

#include "commands/structure_edit.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/grouping.h"
#include "flexure/core/node.h"
#include "flexure/core/node_removal.h"
#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/parameters.h"
#include "flexure/core/scene.h"
#include "flexure/core/scene_fragment.h"
#include "flexure/io/fragment_file.h"
#include "flexure/io/scene_file.h"

namespace flexure::app {

namespace {

// What A selects and Ctrl+I inverts within: the parts, i.e. the primitives (an operator's
// selection covers its sub-tree, so selecting the parts is what the viewport shows).
std::vector<const Node*> partsOf(const Scene& scene) {
  std::vector<const Node*> out;
  for (const Node* n : scene.nodes())
    if (n->isPrimitive()) out.push_back(n);
  return out;
}

QString plural(std::size_t n, const char* one, const char* many) {
  return QString("%1 %2").arg(n).arg(n == 1 ? one : many);
}

// Where a placed group's translate starts: the centre of the grouped parts' own origins (their
// first primitives' centres), in the frame of the node the group goes under (the parts' lowest
// common ancestor), so that the group's handle sits amid the parts.
Vec3d groupPivot(const Scene& scene, const std::vector<std::string>& names) {
  const ValueAccess values(scene.parameters().values());
  Vec3d sum(0, 0, 0);
  std::vector<const Node*> common;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const Node* top = scene.find(names[k]);
    const Node* leaf = top;
    while (leaf && !leaf->isPrimitive()) leaf = leaf->children().empty() ? nullptr : leaf->children().front().get();
    sum = sum + nodeFrameToWorld(leaf ? *leaf : *top, values, Vec3d(0, 0, 0));
    std::vector<const Node*> above;
    for (const Node* p = top->parent(); p != nullptr; p = p->parent()) above.insert(above.begin(), p);
    if (k == 0) {
      common = above;
    } else {
      std::size_t same = 0;
      while (same < common.size() && same < above.size() && common[same] == above[same]) ++same;
      common.resize(same);
    }
  }
  const Vec3d pivot = sum * (1.0 / static_cast<double>(std::max<std::size_t>(names.size(), 1)));
  return common.empty() ? pivot : worldToNodeFrame(*common.back(), values, pivot);
}

}  // namespace

SelectionEditing::SelectionEditing(SceneDocument& document, SceneSelection& selection, QObject* parent)
    : QObject(parent), document_(document), selection_(selection) {
  const auto add = [this](const char* name, const QString& text, const QList<QKeySequence>& keys, const QString& tip,
                          void (SelectionEditing::*slot)()) {
    auto* a = new QAction(text, this);
    a->setShortcuts(keys);
    a->setToolTip(tip);
    connect(a, &QAction::triggered, this, slot);
    actions_.emplace_back(name, a);
  };
  const auto addEdit = [this](const char* name, const QString& text, const QList<QKeySequence>& keys,
                              const QString& tip, bool (SelectionEditing::*slot)()) {
    auto* a = new QAction(text, this);
    a->setShortcuts(keys);
    a->setToolTip(tip);
    connect(a, &QAction::triggered, this, [this, slot] { (this->*slot)(); });
    actions_.emplace_back(name, a);
  };
  add("selectAll", tr("Select &All"), {QKeySequence(Qt::Key_A)}, tr("Select every part (A)"), &SelectionEditing::selectAll);
  add("selectNone", tr("Select &None"), {QKeySequence(Qt::ALT | Qt::Key_A)}, tr("Clear the selection (Alt+A)"),
      &SelectionEditing::selectNone);
  add("invert", tr("&Invert Selection"), {QKeySequence(Qt::CTRL | Qt::Key_I)},
      tr("Select the parts that are not selected, and only those (Ctrl+I)"), &SelectionEditing::invertSelection);
  addEdit("duplicate", tr("&Duplicate"), {QKeySequence(Qt::SHIFT | Qt::Key_D)},
          tr("Copy the selected parts, with the constraints among them, in place (Shift+D)"),
          &SelectionEditing::duplicate);
  addEdit("copy", tr("&Copy"), {QKeySequence::Copy}, tr("Copy the selected parts to the clipboard as JSON text (Ctrl+C)"),
          &SelectionEditing::copy);
  addEdit("cut", tr("Cu&t"), {QKeySequence::Cut}, tr("Copy the selected parts, then delete them (Ctrl+X)"),
          &SelectionEditing::cut);
  addEdit("paste", tr("&Paste"), {QKeySequence::Paste},
          tr("Add the parts on the clipboard, under the selected operator or at the top level (Ctrl+V)"),
          &SelectionEditing::paste);
  addEdit("group", tr("&Group"), {QKeySequence(Qt::CTRL | Qt::Key_G)},
          tr("Put the selected parts in a placed group that drags as one (Ctrl+G)"), &SelectionEditing::group);
  addEdit("ungroup", tr("&Ungroup"), {QKeySequence(Qt::ALT | Qt::Key_G)},
          tr("Take the selected group apart, keeping every part where it is (Alt+G)"), &SelectionEditing::ungroup);
  // X for the whole window; Delete only where the selection is shown (the viewport, the
  // outliner: widgetDeleteAction), because the constraint list and the timeline give Delete
  // their own meaning there and two window-wide shortcuts on one key would both be refused.
  addEdit("delete", tr("De&lete"), {QKeySequence(Qt::Key_X)},
          tr("Delete the selected nodes and the constraints that name them (X; Delete in the viewport and outliner)"),
          &SelectionEditing::deleteSelected);
  connect(&selection_, &SceneSelection::selectionChanged, this, &SelectionEditing::refreshActions);
  connect(&document_, &SceneDocument::structureChanged, this, &SelectionEditing::refreshActions);
  refreshActions();
}

QAction* SelectionEditing::widgetDeleteAction(QWidget* widget) {
  auto* a = new QAction(tr("Delete"), widget);
  a->setShortcut(QKeySequence::Delete);
  a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(a, &QAction::triggered, this, [this] { deleteSelected(); });
  widget->addAction(a);
  return a;
}

void SelectionEditing::addTo(QMenu* menu) const {
  for (const auto& [name, a] : actions_) {
    const std::string_view n = name;
    if (n == "duplicate" || n == "copy" || n == "group") menu->addSeparator();
    menu->addAction(a);
  }
}

QAction* SelectionEditing::action(const char* name) const {
  for (const auto& [n, a] : actions_)
    if (std::string_view(n) == name) return a;
  return nullptr;
}

void SelectionEditing::refreshActions() {
  const bool any = !selection_.isEmpty();
  for (const char* name : {"duplicate", "copy", "cut", "group", "delete", "selectNone"})
    if (QAction* a = action(name)) a->setEnabled(any);
  if (QAction* a = action("ungroup")) a->setEnabled(any && ungroupProblem(document_.scene(), selection_.current()->name()).empty());
}

// A part goes with its own placement: from the selected node up through the operators that hold
// nothing else (pipe ▸ bend ▸ pipe-rotate ▸ pipe-translate), as an object in Blender goes with its
// transform. An operator that holds other nodes too (a joint's rotate holding the next arm) stops
// the climb, so the copy never takes more than was selected.
const Node* SelectionEditing::partRoot(const Node* node) const {
  const Node* root = &document_.scene().root();
  while (node->parent() && node->parent() != root && node->parent()->children().size() == 1) node = node->parent();
  return node;
}

std::vector<std::string> SelectionEditing::selectedNames() const {
  std::vector<const Node*> roots;
  for (const Node* n : selection_.nodes()) roots.push_back(partRoot(n));
  const auto chosen = [&](const Node* n) { return std::find(roots.begin(), roots.end(), n) != roots.end(); };
  std::vector<std::string> out;
  for (const Node* n : document_.scene().nodes()) {
    if (!chosen(n)) continue;
    bool inside = false;
    for (const Node* p = n->parent(); p && !inside; p = p->parent()) inside = chosen(p);
    if (!inside) out.push_back(n->name());
  }
  return out;
}

void SelectionEditing::selectNamed(const std::vector<std::string>& names) {
  std::vector<const Node*> nodes;
  for (const std::string& name : names)
    if (const Node* n = document_.scene().find(name)) nodes.push_back(n);
  selection_.setNodes(nodes);
}

bool SelectionEditing::run(const QString& label, const std::function<void()>& edit) {
  QString why;
  if (editStructure(document_, label, [&](Scene&) { edit(); }, why)) return true;
  emit problem(tr("%1: %2").arg(label, why));
  return false;
}

void SelectionEditing::selectAll() { selection_.setNodes(partsOf(document_.scene())); }

void SelectionEditing::selectNone() { selection_.clear(); }

void SelectionEditing::invertSelection() {
  std::vector<const Node*> out;
  for (const Node* n : partsOf(document_.scene()))
    if (!selection_.covers(n)) out.push_back(n);
  selection_.setNodes(out);
}

bool SelectionEditing::duplicate() {
  const std::vector<std::string> names = selectedNames();
  if (names.empty()) return false;
  InsertedFragment copy;
  if (!run(tr("Duplicate"), [&] { copy = duplicateNodes(document_.scene(), names); })) return false;
  selectNamed(copy.roots);
  emit duplicated(copy.roots);
  emit done(tr("Duplicated %1 (with %2)").arg(plural(copy.roots.size(), "node", "nodes"),
                                               plural(copy.constraints.size(), "constraint", "constraints")));
  return true;
}

bool SelectionEditing::copy() {
  const std::vector<std::string> names = selectedNames();
  if (names.empty()) return false;
  try {
    QApplication::clipboard()->setText(QString::fromStdString(exportFragment(document_.scene(), names)));
  } catch (const std::exception& e) {
    emit problem(tr("Copy: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  emit done(tr("Copied %1 to the clipboard").arg(plural(names.size(), "node", "nodes")));
  return true;
}

bool SelectionEditing::cut() {
  if (!copy()) return false;
  return deleteSelected();
}

bool SelectionEditing::paste() {
  const std::string text = QApplication::clipboard()->text().toStdString();
  if (text.empty()) {
    emit problem(tr("Paste: the clipboard holds no text"));
    return false;
  }
  // Read first (the loader's located error, nothing changed), then paste in one undo step:
  // under the selected operator, or at the top level.
  FragmentText read;
  try {
    const QString file = document_.filePath();
    read = readFragment(text, "<clipboard>", file.isEmpty() ? std::string() : QFileInfo(file).absolutePath().toStdString());
  } catch (const std::exception& e) {
    emit problem(tr("Paste: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  const Node* selected = selection_.current();
  const std::string parent = selected && !selected->isPrimitive() ? selected->name() : std::string();
  ImportedFragment pasted;
  if (!run(tr("Paste"), [&] {
        Scene& scene = document_.scene();
        pasted = pasteFragment(scene, read, parent.empty() ? nullptr : scene.find(parent));
      }))
    return false;
  selectNamed(pasted.roots);
  emit done(tr("Pasted %1").arg(plural(pasted.roots.size(), "node", "nodes")));
  return true;
}

bool SelectionEditing::group() {
  const std::vector<std::string> names = selectedNames();
  if (names.empty()) return false;
  if (const std::string why = groupProblem(document_.scene(), names); !why.empty()) {
    emit problem(tr("Group: %1").arg(QString::fromStdString(why)));
    return false;
  }
  Grouped made;
  GroupOptions options;
  options.placed = true;
  options.pivot = groupPivot(document_.scene(), names);
  // A part whose placement is frozen (a fixed pipe) must stay fixed: were the group's new
  // placement free, the solver would move it through the group. So the group starts frozen when
  // any grouped part's own placement is.
  const auto allFrozen = [&](const Node* n) {
    const ParameterTable& table = document_.scene().parameters();
    if (n->paramCount() == 0) return false;
    for (int i = n->paramOffset(); i < n->paramOffset() + n->paramCount(); ++i)
      if (!table.isFrozen(i)) return false;
    return true;
  };
  const bool fixed = std::any_of(names.begin(), names.end(),
                                 [&](const std::string& name) { return allFrozen(document_.scene().find(name)); });
  if (!run(tr("Group"), [&] {
        Scene& scene = document_.scene();
        made = groupNodes(scene, names, options);
        if (!fixed) return;
        for (const std::string& name : made.added)
          if (const Node* n = scene.find(name))
            for (int i = n->paramOffset(); i < n->paramOffset() + n->paramCount(); ++i) scene.parameters().setFrozen(i, true);
      }))
    return false;
  selectNamed({made.top});
  emit done(tr("Grouped %1 in %2").arg(plural(names.size(), "node", "nodes"), QString::fromStdString(made.group)));
  return true;
}

bool SelectionEditing::ungroup() {
  const Node* selected = selection_.current();
  if (!selected) return false;
  const std::string name = selected->name();
  if (const std::string why = ungroupProblem(document_.scene(), name); !why.empty()) {
    emit problem(tr("Ungroup: %1").arg(QString::fromStdString(why)));
    return false;
  }
  Ungrouped apart;
  if (!run(tr("Ungroup"), [&] { apart = ungroupNode(document_.scene(), name); })) return false;
  selectNamed(apart.children);
  emit done(tr("Ungrouped %1").arg(plural(apart.children.size(), "node", "nodes")));
  return true;
}

bool SelectionEditing::deleteSelected() {
  const std::vector<std::string> names = selectedNames();
  if (names.empty()) return false;
  if (const std::string why = removeNodesProblem(document_.scene(), names); !why.empty()) {
    emit problem(tr("Delete: %1").arg(QString::fromStdString(why)));
    return false;
  }
  if (!run(tr("Delete"), [&] { removeNodes(document_.scene(), names); })) return false;
  selection_.clear();
  emit done(tr("Deleted %1").arg(plural(names.size(), "node", "nodes")));
  return true;
}

}  // namespace flexure::app
