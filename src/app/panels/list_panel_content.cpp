#include "panels/list_panel_content.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QWidget>

namespace flexure::app {

QWidget* listPanelContent(QWidget* toolbar, QWidget* list, QLabel* message) {
  message->setWordWrap(true);
  message->hide();
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  layout->addWidget(toolbar);
  layout->addWidget(list, 1);
  layout->addWidget(message);
  return content;
}

}  // namespace flexure::app
