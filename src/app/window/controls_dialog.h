#pragma once
// Help → Controls: the viewport's mouse and keyboard controls in one table.
#include <QDialog>

namespace flexure::app {

class ControlsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ControlsDialog(QWidget* parent = nullptr);
  // The table as HTML (shared with the tests, which check it names every gesture).
  static QString controlsHtml();
};

}  // namespace flexure::app
