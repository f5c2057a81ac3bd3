#include "panels/scene_tree_model.h"

#include <QFont>

#include <QMimeData>
#include <QTimer>
#include <algorithm>

#include "commands/node_commands.h"
#include "document/scene_document.h"
#include "flexure/core/scene.h"

namespace flexure::app {
namespace {

int rowInParent(const Node& node) { return positionInParent(node); }

constexpr const char* kNodeMime = "application/x-flexure-node";

}  // namespace

SceneTreeModel::SceneTreeModel(SceneDocument& document, QObject* parent)
    : QAbstractItemModel(parent), document_(document) {
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, [this] {
    active_ = nullptr;  // the node may go with the old tree
    beginResetModel();
  });
  connect(&document_, &SceneDocument::sceneReplaced, this, [this] { endResetModel(); });
  connect(&document_, &SceneDocument::structureAboutToChange, this, [this] {
    active_ = nullptr;
    beginResetModel();
  });
  connect(&document_, &SceneDocument::structureChanged, this, [this] { endResetModel(); });
}

Node* SceneTreeModel::mutableNodeAt(const QModelIndex& index) const {
  return index.isValid() ? static_cast<Node*>(index.internalPointer()) : &document_.scene().root();
}

const Node* SceneTreeModel::nodeAt(const QModelIndex& index) const {
  return index.isValid() ? static_cast<const Node*>(index.internalPointer()) : nullptr;
}

QModelIndex SceneTreeModel::indexOf(const Node* node, int column) const {
  if (!node || !node->parent()) return {};
  return createIndex(rowInParent(*node), column, const_cast<Node*>(node));
}

QModelIndex SceneTreeModel::index(int row, int column, const QModelIndex& parent) const {
  const Node* p = mutableNodeAt(parent);
  if (row < 0 || column < 0 || column >= ColumnCount || row >= static_cast<int>(p->children().size())) return {};
  return createIndex(row, column, p->children()[static_cast<std::size_t>(row)].get());
}

QModelIndex SceneTreeModel::parent(const QModelIndex& child) const {
  const Node* node = nodeAt(child);
  if (!node || !node->parent() || node->parent() == &document_.scene().root()) return {};
  return indexOf(node->parent());
}

int SceneTreeModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != NameColumn) return 0;
  return static_cast<int>(mutableNodeAt(parent)->children().size());
}

int SceneTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant SceneTreeModel::data(const QModelIndex& index, int role) const {
  const Node* node = nodeAt(index);
  if (!node) return {};
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    if (index.column() == NameColumn) return QString::fromStdString(node->name());
    if (index.column() == TypeColumn) return QString::fromUtf8(node->type().data(), static_cast<int>(node->type().size()));
  }
  if (role == Qt::FontRole && node == active_ && index.column() == NameColumn) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::ToolTipRole)
    return tr("%1 · %2 parameters").arg(node->isPrimitive() ? tr("primitive") : tr("operator")).arg(node->paramCount());
  return {};
}

void SceneTreeModel::setActive(const Node* node) {
  if (node == active_) return;
  const QModelIndex was = indexOf(active_);
  active_ = node;
  if (was.isValid()) emit dataChanged(was, was, {Qt::FontRole});
  if (const QModelIndex now = indexOf(active_); now.isValid()) emit dataChanged(now, now, {Qt::FontRole});
}

bool SceneTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  Node* node = index.isValid() ? mutableNodeAt(index) : nullptr;
  if (!node || role != Qt::EditRole || index.column() != NameColumn) return false;
  const std::string name = value.toString().trimmed().toStdString();
  if (name == node->name()) return true;
  if (const QString problem = renameProblem(document_.scene(), *node, name); !problem.isEmpty()) {
    refuse(problem);
    return false;
  }
  lastProblem_.clear();
  document_.undoStack().push(new RenameNodeCommand(document_, *node, name));
  return true;
}

void SceneTreeModel::refuse(const QString& why) {
  lastProblem_ = why;
  emit editRefused(why);
}

QStringList SceneTreeModel::mimeTypes() const { return {kNodeMime}; }

QMimeData* SceneTreeModel::mimeData(const QModelIndexList& indexes) const {
  const Node* node = indexes.isEmpty() ? nullptr : nodeAt(indexes.front());
  if (!node) return nullptr;
  auto* data = new QMimeData;
  data->setData(kNodeMime, QByteArray::fromStdString(node->name()));
  return data;
}

Node* SceneTreeModel::dropSource(const QMimeData* data, const QModelIndex& parent) const {
  if (!data || !data->hasFormat(kNodeMime)) return nullptr;
  Scene& scene = document_.scene();
  Node* node = scene.find(data->data(kNodeMime).toStdString());
  if (!node) return nullptr;
  return moveProblem(scene, *node, *mutableNodeAt(parent)).isEmpty() ? node : nullptr;
}

bool SceneTreeModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                     const QModelIndex& parent) const {
  return action == Qt::MoveAction && dropSource(data, parent);
}

bool SceneTreeModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int, const QModelIndex& parent) {
  if (action != Qt::MoveAction) return false;
  Node* node = dropSource(data, parent);
  Node* newParent = mutableNodeAt(parent);
  if (!node) {
    if (data && data->hasFormat(kNodeMime))
      if (Node* n = document_.scene().find(data->data(kNodeMime).toStdString()))
        refuse(moveProblem(document_.scene(), *n, *newParent));
    return false;
  }
  // `row` counts the rows as the view shows them, the dragged node included; MoveNodeCommand
  // counts the new siblings without it.
  int position = row;
  if (position >= 0 && node->parent() == newParent && positionInParent(*node) < position) --position;
  if (node->parent() == newParent && (position == positionInParent(*node) ||
                                      (position < 0 && positionInParent(*node) + 1 == static_cast<int>(newParent->children().size()))))
    return false;  // dropped where it already is
  const std::string name = node->name(), parentName = newParent->name();
  QTimer::singleShot(0, this, [this, name, parentName, position] {
    Scene& scene = document_.scene();
    Node* n = scene.find(name);
    Node* p = scene.find(parentName);  // the root is found first by its name
    if (n && p && moveProblem(scene, *n, *p).isEmpty()) document_.undoStack().push(new MoveNodeCommand(document_, *n, *p, position));
  });
  return false;
}

Qt::ItemFlags SceneTreeModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::ItemIsDropEnabled;  // the top level
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
  if (index.column() == NameColumn) f |= Qt::ItemIsEditable;
  if (nodeAt(index)->isOperator()) f |= Qt::ItemIsDropEnabled;
  return f;
}

QVariant SceneTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return section == NameColumn ? tr("Name") : tr("Type");
}

}  // namespace flexure::app
