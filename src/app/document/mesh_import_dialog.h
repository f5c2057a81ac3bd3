#pragma once
// File → Import… of a mesh read through assimp (STL, PLY, glTF, FBX, Collada, 3DS): the unit
// scale (file units to scene units) and the up axis (a y-up file turned to the scene's z-up),
// interchange/mesh_import.h's MeshImportOptions.
#include <QDialog>

#include "flexure/interchange/mesh_import.h"

class QComboBox;
class QDoubleSpinBox;

namespace flexure::app {

class MeshImportDialog : public QDialog {
  Q_OBJECT

 public:
  explicit MeshImportDialog(const QString& fileName, const MeshImportOptions& defaults = {}, QWidget* parent = nullptr);
  MeshImportOptions options() const;
  void setOptions(const MeshImportOptions& options);

 private:
  QDoubleSpinBox* scale_;
  QComboBox* fileUp_;
  QComboBox* sceneUp_;
};

}  // namespace flexure::app
