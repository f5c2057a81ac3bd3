#include "timeline/drive_key_offer.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QUndoStack>

#include "commands/timeline_edit_command.h"
#include "document/scene_document.h"
#include "timeline/timeline_keying.h"
#include "timeline/timeline_playback.h"

namespace flexure::app {

namespace {

// "shaft-a-rotate.qw" → "shaft-a-rotate": the node a user recognises in the outliner.
QString nodesOf(const std::vector<std::string>& targets) {
  QStringList names;
  for (const std::string& target : targets) {
    const QString name = QString::fromStdString(target.substr(0, target.rfind('.')));
    if (!names.contains(name)) names << name;
  }
  return names.join(QStringLiteral(", "));
}

}  // namespace

DriveKeyOffer::DriveKeyOffer(SceneDocument& document, TimelinePlayback& playback, QWidget* parent)
    : QFrame(parent), document_(document), playback_(playback) {
  setObjectName("driveKeyOffer");
  setFrameShape(QFrame::StyledPanel);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(6, 0, 2, 0);
  row->setSpacing(4);
  text_ = new QLabel(this);
  key_ = new QToolButton(this);
  key_->setObjectName("driveKeyButton");
  key_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  key_->setAutoRaise(true);
  dismiss_ = new QToolButton(this);
  dismiss_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  dismiss_->setAutoRaise(true);
  dismiss_->setToolTip(tr("Keep the dragged value unkeyed (the keys take over when the playhead moves)"));
  row->addWidget(text_);
  row->addWidget(key_);
  row->addWidget(dismiss_);
  connect(key_, &QToolButton::clicked, this, &DriveKeyOffer::keyOffered);
  connect(dismiss_, &QToolButton::clicked, this, &DriveKeyOffer::withdraw);
  connect(&playback_, &TimelinePlayback::frameChanged, this, [this](int frame) {
    if (frame != frame_) withdraw();
  });
  // Any later edit or undo (the drag's own undo step is pushed before the offer is made).
  connect(&document_.undoStack(), &QUndoStack::indexChanged, this, [this] {
    if (!keying_) withdraw();
  });
  connect(&document_, &SceneDocument::sceneReplaced, this, &DriveKeyOffer::withdraw);
  setVisible(false);
}

void DriveKeyOffer::offer(const std::vector<std::string>& changedDrives) {
  targets_ = changedDrives.empty() ? std::vector<std::string>{}
                                   : tracksWritingSlots(document_.scene(), playback_.timeline(), changedDrives);
  if (targets_.empty()) {
    withdraw();
    return;
  }
  frame_ = playback_.currentFrame();
  const QString nodes = nodesOf(targets_);
  text_->setText(tr("Dragged keyed %1 at frame %2").arg(nodes).arg(frame_));
  key_->setText(tr("Key at frame %1").arg(frame_));
  key_->setToolTip(tr("Key %1 at frame %2 with the dragged value (one undo step); otherwise the keys take over "
                      "when the playhead moves")
                       .arg(nodes)
                       .arg(frame_));
  setVisible(true);
}

void DriveKeyOffer::withdraw() {
  targets_.clear();
  setVisible(false);
}

void DriveKeyOffer::keyOffered() {
  if (targets_.empty()) return;
  const TimelineSettings& timeline = playback_.timeline();
  keying_ = true;
  pushTimelineEdit(document_, tr("Key %1").arg(nodesOf(targets_)),
                   withTracksKeyed(document_.scene(), timeline, targets_, timeline.timeOfFrame(frame_)));
  keying_ = false;
  withdraw();
}

}  // namespace flexure::app
