#pragma once
// The scene tree as a Qt item model for the outliner: one row per node (the hidden root's
// children at the top), columns name and type. Names are editable; a rename goes through
// Scene::rename, which refuses empty or taken names.
#include <QAbstractItemModel>

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

 private:
  Node* mutableNodeAt(const QModelIndex& index) const;
  SceneDocument& document_;
};

}  // namespace flexure::app
