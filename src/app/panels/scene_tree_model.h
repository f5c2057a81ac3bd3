#pragma once
// The scene tree as a Qt item model for the outliner: one row per node (the hidden root's
// children at the top), columns name and type. Names are editable and rows can be dragged onto
// operators or between siblings; both become undo commands (node_commands.h) on the document's
// stack. The model resets around every structural change of the document.
#include <QAbstractItemModel>
#include <QString>

namespace flexure {
class Node;
}

namespace flexure::app {

class SceneDocument;

class SceneTreeModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum Column { NameColumn = 0, TypeColumn = 1, ColumnCount = 2 };

  explicit SceneTreeModel(SceneDocument& document, QObject* parent = nullptr);

  const Node* nodeAt(const QModelIndex& index) const;
  QModelIndex indexOf(const Node* node, int column = NameColumn) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Drag and drop moves nodes: the dragged node's name travels in the MIME data.
  Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                       const QModelIndex& parent) const override;
  // Pushes a MoveNodeCommand (after the view's drop handling has returned, because the command
  // resets the model) and returns false, so the view never removes the source rows itself.
  bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

  // The node at `index` (the scene's root for an invalid index).
  Node* mutableNodeAt(const QModelIndex& index) const;

  // The selection's active node, whose name is shown in bold (issue 27: the active part stands
  // out from the rest of a multi-selection); null for none.
  void setActive(const Node* node);
  const Node* active() const { return active_; }

  // Why the last refused edit was refused (empty after a successful one).
  const QString& lastProblem() const { return lastProblem_; }

 signals:
  void editRefused(const QString& why);

 private:
  // The node a drop of `data` would move and where: null when the drop is refused.
  Node* dropSource(const QMimeData* data, const QModelIndex& parent) const;
  void refuse(const QString& why);
  SceneDocument& document_;
  const Node* active_ = nullptr;
  QString lastProblem_;
};

}  // namespace flexure::app
