#include "scene_tree_model.h"

#include <algorithm>

#include "flexure/core/scene.h"
#include "scene_document.h"

namespace flexure::app {
namespace {

int rowInParent(const Node& node) {
  const auto& siblings = node.parent()->children();
  const auto it = std::find_if(siblings.begin(), siblings.end(), [&](const auto& c) { return c.get() == &node; });
  return static_cast<int>(it - siblings.begin());
}

}  // namespace

SceneTreeModel::SceneTreeModel(SceneDocument& document, QObject* parent)
    : QAbstractItemModel(parent), document_(document) {
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, [this] { beginResetModel(); });
  connect(&document_, &SceneDocument::sceneReplaced, this, [this] { endResetModel(); });
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
  if (role == Qt::ToolTipRole)
    return tr("%1 · %2 parameters").arg(node->isPrimitive() ? tr("primitive") : tr("operator")).arg(node->paramCount());
  return {};
}

bool SceneTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  Node* node = index.isValid() ? mutableNodeAt(index) : nullptr;
  if (!node || role != Qt::EditRole || index.column() != NameColumn) return false;
  const std::string name = value.toString().trimmed().toStdString();
  if (name == node->name()) return true;
  if (!document_.scene().rename(*node, name)) return false;
  emit dataChanged(index, index);
  document_.notifySceneEdited();
  return true;
}

Qt::ItemFlags SceneTreeModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == NameColumn) f |= Qt::ItemIsEditable;
  return f;
}

QVariant SceneTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return section == NameColumn ? tr("Name") : tr("Type");
}

}  // namespace flexure::app
