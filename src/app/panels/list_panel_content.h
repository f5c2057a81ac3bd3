#pragma once
// The body of the dock panels that show one list (outliner, constraint list): their toolbar
// over the list, which takes the spare height, over a word-wrapped message line that starts
// hidden (a panel shows it for an edit it refused).
class QLabel;
class QWidget;

namespace flexure::app {

QWidget* listPanelContent(QWidget* toolbar, QWidget* list, QLabel* message);

}  // namespace flexure::app
