#include "panels/outliner_panel.h"

#include <QAction>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <algorithm>

#include "commands/assembly_commands.h"
#include "commands/node_commands.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
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
      message_(new QLabel) {
  setObjectName("outliner");
  tree_->setModel(model_);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  tree_->setDragDropMode(QAbstractItemView::DragDrop);
  tree_->setDefaultDropAction(Qt::MoveAction);
  tree_->setDropIndicatorShown(true);
  // Every row is one line of text: with uniform heights the view lays out and scrolls 10,000
  // rows without asking the delegate for each row's size hint.
  tree_->setUniformRowHeights(true);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(SceneTreeModel::NameColumn, QHeaderView::Stretch);
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

  message_->setStyleSheet("color: #b03030");
  setWidget(listPanelContent(toolbar, tree_, message_));

  connect(tree_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (syncing_) return;
    selection_.select(model_->nodeAt(current));
  });
  connect(&selection_, &SceneSelection::selectionChanged, this, [this] {
    showSelection();
    refreshActions();
  });
  connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, [this] { syncing_ = true; });
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    tree_->expandAll();
    syncing_ = false;
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
  selection_.select(node);
  QMenu menu(this);
  QMenu* wrap = menu.addMenu(tr("Wrap In"));
  for (const NodeCategory& category : nodeCatalog())
    for (const std::string& type : category.types)
      if (const auto probe = NodeRegistry::instance().create(type); probe && probe->isOperator())
        wrap->addAction(QString::fromStdString(type), this, [this, type] { wrapSelected(type); });
  QAction* unwrap = menu.addAction(tr("Unwrap"), this, [this] { unwrapSelected(); });
  unwrap->setEnabled(node->isOperator());
  menu.addSeparator();
  menu.addAction(deleteAction_);
  menu.exec(tree_->viewport()->mapToGlobal(position));
}

bool OutlinerPanel::deleteSelected() {
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
  const QModelIndex index = model_->indexOf(selection_.current());
  if (index.isValid())
    tree_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  else
    tree_->selectionModel()->clearSelection();
  syncing_ = wasSyncing;
}

}  // namespace flexure::app
