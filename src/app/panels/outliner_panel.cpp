#include "panels/outliner_panel.h"

#include <QAction>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

#include "commands/assembly_commands.h"
#include "commands/node_commands.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "window/selection_editing.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene.h"
#include "panels/list_panel_content.h"
#include "panels/node_catalog.h"
#include "panels/scene_tree_model.h"

namespace flexure::app {
namespace {

// Room for the longest node type name the registry knows (what the Type column shows), its
// item margins and the header's label.
int typeColumnWidth(const QTreeView& tree) {
  const QFontMetrics metrics = tree.fontMetrics();
  int widest = metrics.horizontalAdvance(QObject::tr("Type"));
  for (const std::string& type : NodeRegistry::instance().types())
    widest = std::max(widest, metrics.horizontalAdvance(QString::fromStdString(type)));
  const int margin = 2 * (tree.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &tree) + 1);
  return widest + margin + metrics.averageCharWidth();
}

}  // namespace

OutlinerPanel::OutlinerPanel(SceneDocument& document, SceneSelection& selection, QWidget* parent)
    : QDockWidget(tr("Outliner"), parent),
      document_(document),
      selection_(selection),
      model_(new SceneTreeModel(document, this)),
      tree_(new QTreeView),
      message_(new QLabel),
      filter_(new QLineEdit) {
  setObjectName("outliner");
  tree_->setModel(model_);
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  tree_->setDragDropMode(QAbstractItemView::DragDrop);
  tree_->setDefaultDropAction(Qt::MoveAction);
  tree_->setDropIndicatorShown(true);
  // Every row is one line of text: with uniform heights the view lays out and scrolls 10,000
  // rows without asking the delegate for each row's size hint.
  tree_->setUniformRowHeights(true);
  // The Name column takes the deepest, longest name's width (fitNameColumn), wider than the
  // dock if it must, with a horizontal scroll bar: names four levels down stay readable. The
  // Type column after it takes what room is left (at least its fixed width, below).
  tree_->header()->setStretchLastSection(true);
  tree_->header()->setSectionResizeMode(SceneTreeModel::NameColumn, QHeaderView::Interactive);
  tree_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  // The Type column is as wide as the widest registered type name, fixed once: resizing it to
  // its contents measured the text of up to 1,000 rows several times after every open (the
  // largest GUI-thread step, ~8-12 ms, on the 10,000-node grid; docs/performance.md).
  tree_->header()->setSectionResizeMode(SceneTreeModel::TypeColumn, QHeaderView::Interactive);
  tree_->header()->resizeSection(SceneTreeModel::TypeColumn, typeColumnWidth(*tree_));

  auto* toolbar = new QToolBar;
  toolbar->setIconSize(QSize(16, 16));
  auto* add = new QToolButton;
  add->setText(tr("Add"));
  add->setToolTip(tr("Add a node: a part arrives under its own placement; an operator wraps the selected node"));
  add->setPopupMode(QToolButton::InstantPopup);
  add->setMenu(createAddMenu());
  toolbar->addWidget(add);
  deleteAction_ = toolbar->addAction(tr("Delete"), this, [this] { deleteSelected(); });
  deleteAction_->setShortcut(QKeySequence::Delete);
  deleteAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  deleteAction_->setToolTip(tr("Delete the selected node, its children and the constraints that tie them (Del)"));
  upAction_ = toolbar->addAction(tr("Up"), this, [this] { moveSelected(-1); });
  upAction_->setToolTip(tr("Move the selected node up among its siblings"));
  downAction_ = toolbar->addAction(tr("Down"), this, [this] { moveSelected(+1); });
  downAction_->setToolTip(tr("Move the selected node down among its siblings"));
  addAction(deleteAction_);

  filter_->setPlaceholderText(tr("Filter by name"));
  filter_->setClearButtonEnabled(true);
  filter_->setToolTip(tr("Show only the nodes whose name contains this text, with the nodes above them"));
  connect(filter_, &QLineEdit::textChanged, this, &OutlinerPanel::setFilter);
  // The filter on a line of its own under the toolbar, so that it does not widen the dock.
  auto* top = new QWidget;
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->setSpacing(2);
  topLayout->addWidget(toolbar);
  topLayout->addWidget(filter_);

  message_->setStyleSheet("color: #b03030");
  setWidget(listPanelContent(top, tree_, message_));

  connect(tree_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    if (!syncing_) takeTreeSelection();
  });
  connect(tree_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
    if (!syncing_) takeTreeSelection();
  });
  connect(&selection_, &SceneSelection::selectionChanged, this, [this] {
    showSelection();
    refreshActions();
  });
  connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, [this] { syncing_ = true; });
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    tree_->expandAll();
    fitNameColumn();
    if (!filter_->text().isEmpty()) setFilter(filter_->text());
    syncing_ = false;
  });
  // A rename may widen the column; the active row's bold font (every selection change) does
  // not call for a walk over the whole tree.
  connect(model_, &QAbstractItemModel::dataChanged, this,
          [this](const QModelIndex&, const QModelIndex&, const QList<int>& roles) {
            if (roles.isEmpty() || roles.contains(Qt::DisplayRole) || roles.contains(Qt::EditRole)) fitNameColumn();
          });
  connect(model_, &SceneTreeModel::editRefused, this, &OutlinerPanel::showProblem);
  tree_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(tree_, &QWidget::customContextMenuRequested, this, &OutlinerPanel::showContextMenu);
  // After a structural edit the selection keeps the nodes that still exist.
  connect(&document_, &SceneDocument::structureChanged, this, [this] {
    selection_.keepOnlyNodesOf(document_.scene());
    showSelection();
    refreshActions();
  });
  refreshActions();
}

QMenu* OutlinerPanel::createAddMenu() {
  auto* menu = new QMenu(this);
  for (const NodeCategory& category : nodeCatalog()) {
    QMenu* sub = menu->addMenu(category.title);
    for (const std::string& type : category.types)
      sub->addAction(QString::fromStdString(type), this, [this, type] { addNode(type); });
  }
  return menu;
}

bool OutlinerPanel::addNode(const std::string& type) {
  Scene& scene = document_.scene();
  const Node* selected = selection_.current() ? scene.find(selection_.current()->name()) : nullptr;
  const std::unique_ptr<Node> probe = NodeRegistry::instance().create(type);
  // An operator wraps the selected node (Blender and Maya apply a deformer to the selection).
  if (probe && probe->isOperator() && selected && selected != &scene.root()) return wrapSelected(type);
  // Under a selected operator; beside (after) a selected primitive; else at the top level.
  Node* parent = &scene.root();
  int position = -1;
  if (selected) {
    Node* node = scene.find(selected->name());
    if (node->isOperator()) {
      parent = node;
    } else {
      parent = node->parent();
      position = positionInParent(*node) + 1;
    }
  }
  // A part under its own placement; a solid at its pose, a curve at its plane's origin.
  if (probe && newNodePlacement(*probe) != NewNodePlacement::None) {
    QString problem;
    const Vec3d at = placementPoint_ ? placementPoint_() : Vec3d(0, 0, 0);
    Node* part = addPlacedNode(document_, type, parent, position, at, problem);
    showProblem(problem);
    if (part) selection_.select(part);
    return part != nullptr;
  }
  if (const QString problem = addProblem(scene, type, parent); !problem.isEmpty()) {
    showProblem(problem);
    return false;
  }
  showProblem({});
  auto* command = new AddNodeCommand(document_, NodeRegistry::instance().create(type), parent, position);
  document_.undoStack().push(command);
  selection_.select(command->node());
  return true;
}

bool OutlinerPanel::wrapSelected(const std::string& type) {
  const Node* selected = selection_.current();
  Node* node = selected ? document_.scene().find(selected->name()) : nullptr;
  if (!node) return false;
  QString problem;
  Node* op = wrapNode(document_, type, *node, problem);
  showProblem(problem);
  if (op) selection_.select(op);
  return op != nullptr;
}

bool OutlinerPanel::unwrapSelected() {
  const Node* selected = selection_.current();
  Node* node = selected ? document_.scene().find(selected->name()) : nullptr;
  if (!node) return false;
  const Node* firstChild = node->children().empty() ? nullptr : node->children().front().get();
  QString problem;
  const bool done = unwrapNode(document_, *node, problem);
  showProblem(problem);
  if (done) selection_.select(firstChild);
  return done;
}

void OutlinerPanel::showContextMenu(const QPoint& position) {
  const Node* node = model_->nodeAt(tree_->indexAt(position));
  if (!node || node == &document_.scene().root()) return;
  if (!selection_.contains(node)) selection_.select(node);  // a right click in the selection keeps it
  QMenu menu(this);
  QMenu* wrap = menu.addMenu(tr("Wrap In"));
  for (const NodeCategory& category : nodeCatalog())
    for (const std::string& type : category.types)
      if (const auto probe = NodeRegistry::instance().create(type); probe && probe->isOperator())
        wrap->addAction(QString::fromStdString(type), this, [this, type] { wrapSelected(type); });
  QAction* unwrap = menu.addAction(tr("Unwrap"), this, [this] { unwrapSelected(); });
  unwrap->setEnabled(node->isOperator());
  if (editing_) {
    editing_->addTo(&menu);  // duplicate, copy, cut, paste, group, ungroup, delete (with their keys)
  } else {
    menu.addSeparator();
    menu.addAction(deleteAction_);
  }
  menu.exec(tree_->viewport()->mapToGlobal(position));
}

bool OutlinerPanel::deleteSelected() {
  if (editing_ && selection_.nodes().size() > 1) return editing_->deleteSelected();
  const Node* selected = selection_.current();
  Node* node = selected ? document_.scene().find(selected->name()) : nullptr;
  if (!node) return false;
  if (const QString problem = deleteProblem(document_.scene(), *node); !problem.isEmpty()) {
    showProblem(problem);
    return false;
  }
  showProblem({});
  document_.undoStack().push(new DeleteNodeCommand(document_, *node));
  return true;
}

bool OutlinerPanel::moveSelected(int delta) {
  const Node* selected = selection_.current();
  Node* node = selected ? document_.scene().find(selected->name()) : nullptr;
  if (!node || !node->parent()) return false;
  const int position = positionInParent(*node) + delta;
  if (position < 0 || position >= static_cast<int>(node->parent()->children().size())) return false;
  showProblem({});
  document_.undoStack().push(new MoveNodeCommand(document_, *node, *node->parent(), position));
  return true;
}

QString OutlinerPanel::message() const { return message_->text(); }

void OutlinerPanel::showProblem(const QString& problem) {
  message_->setText(problem);
  message_->setVisible(!problem.isEmpty());
}

void OutlinerPanel::refreshActions() {
  const Node* node = selection_.current();
  deleteAction_->setEnabled(node != nullptr);
  const int position = node && node->parent() ? positionInParent(*node) : -1;
  upAction_->setEnabled(position > 0);
  downAction_->setEnabled(position >= 0 && position + 1 < static_cast<int>(node->parent()->children().size()));
}

void OutlinerPanel::showSelection() {
  const bool wasSyncing = syncing_;
  syncing_ = true;
  // Bold only when it tells something: the active one among several.
  model_->setActive(selection_.nodes().size() > 1 ? selection_.current() : nullptr);
  QItemSelection rows;
  for (const Node* node : selection_.nodes())
    if (const QModelIndex index = model_->indexOf(node); index.isValid()) rows.select(index, index);
  QItemSelectionModel& model = *tree_->selectionModel();
  model.select(rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  const QModelIndex active = model_->indexOf(selection_.current());
  if (active.isValid()) {
    model.setCurrentIndex(active, QItemSelectionModel::NoUpdate);
    tree_->scrollTo(active);
  }
  syncing_ = wasSyncing;
}

// The rows selected in the tree become the selection, the current row (the last one clicked)
// its active node.
void OutlinerPanel::takeTreeSelection() {
  const QModelIndex current = tree_->selectionModel()->currentIndex();
  const Node* active = tree_->selectionModel()->isRowSelected(current.row(), current.parent()) ? model_->nodeAt(current)
                                                                                               : nullptr;
  std::vector<const Node*> nodes;
  for (const QModelIndex& row : tree_->selectionModel()->selectedRows(SceneTreeModel::NameColumn))
    if (const Node* n = model_->nodeAt(row); n && n != active) nodes.push_back(n);
  if (active) nodes.push_back(active);
  selection_.setNodes(nodes);
}

// The Name column as wide as its widest row: indentation by depth plus the name's text. Names
// are measured only where their length could be the widest (a 10,000-node model measures a few).
void OutlinerPanel::fitNameColumn() {
  const QFontMetrics metrics = tree_->fontMetrics();
  const int indent = tree_->indentation();
  struct Row { int depth; const std::string* name; };
  std::vector<Row> rows;
  std::size_t longest = 0;
  int deepest = 0;
  for (const Node* n : document_.scene().nodes()) {
    int depth = 0;
    for (const Node* p = n->parent(); p && p != &document_.scene().root(); p = p->parent()) ++depth;
    rows.push_back({depth, &n->name()});
    longest = std::max(longest, n->name().size() + static_cast<std::size_t>(depth) * 3);
    deepest = std::max(deepest, depth);
  }
  int widest = metrics.horizontalAdvance(tr("Name"));
  for (const Row& r : rows)
    if (r.name->size() + static_cast<std::size_t>(r.depth) * 3 + 6 >= longest)
      widest = std::max(widest, (r.depth + 1) * indent + metrics.horizontalAdvance(QString::fromStdString(*r.name)));
  const int margin = 2 * metrics.averageCharWidth();
  tree_->header()->resizeSection(SceneTreeModel::NameColumn, widest + margin);
}

void OutlinerPanel::setFilter(const QString& text) {
  if (filter_->text() != text) filter_->setText(text);  // textChanged calls back here
  applyFilter(QModelIndex());
}

// Hides the rows under `parent` that neither match the filter nor hold a row that does; true
// when some row under it is shown.
bool OutlinerPanel::applyFilter(const QModelIndex& parent) {
  const QString text = filter_->text();
  bool any = false;
  for (int row = 0; row < model_->rowCount(parent); ++row) {
    const QModelIndex index = model_->index(row, SceneTreeModel::NameColumn, parent);
    const bool below = applyFilter(index);
    const Node* node = model_->nodeAt(index);
    const bool match = text.isEmpty() || (node && QString::fromStdString(node->name()).contains(text, Qt::CaseInsensitive));
    tree_->setRowHidden(row, parent, !(match || below));
    any = any || match || below;
  }
  return any;
}

}  // namespace flexure::app
