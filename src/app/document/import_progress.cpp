#include "document/import_progress.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QProgressDialog>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

#include "flexure/interchange/import_limits.h"

namespace flexure::app {

QString importProgressText(const QString& name, double seconds, unsigned long long bytes) {
  const MeshImportLimits limits = meshImportLimits();
  QString text = QObject::tr("Reading %1…\n%2 s").arg(name).arg(static_cast<int>(seconds));
  if (limits.seconds > 0) text += QObject::tr(" of at most %1 s").arg(limits.seconds);
  text += QObject::tr(", %1").arg(QString::fromStdString(formatMemorySize(bytes)));
  if (limits.memoryBytes > 0) text += QObject::tr(" of at most %1").arg(QString::fromStdString(formatMemorySize(limits.memoryBytes)));
  return text;
}

bool isCancelledImport(const QString& error) { return error.endsWith(QStringLiteral(": import cancelled")); }

void runWithImportProgress(QWidget* parent, const QString& path, const std::function<void()>& read) {
  ImportWatch watch;
  std::atomic<bool> done{false};
  std::exception_ptr failure;
  std::thread worker([&] {
    const ScopedImportWatch scope(watch);
    try {
      read();
    } catch (...) {
      failure = std::current_exception();
    }
    done = true;
  });
  // A quick read shows nothing; user input waits meanwhile, so no menu action runs while the
  // document is being read.
  QElapsedTimer clock;
  clock.start();
  while (!done && clock.elapsed() < kImportProgressShowAfterMs) {
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!done) {
    const QString name = QFileInfo(path).fileName();
    QProgressDialog progress(importProgressText(name, 0.0, 0), QObject::tr("Cancel"), 0, 0, parent);
    progress.setObjectName("importProgress");
    progress.setWindowTitle(QObject::tr("Import"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoClose(false);
    progress.setAutoReset(false);
    QObject::connect(&progress, &QProgressDialog::canceled, [&watch] { watch.cancel = true; });
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
      if (done) loop.quit();
      else progress.setLabelText(importProgressText(name, watch.seconds.load(), watch.memoryBytes.load()));
    });
    tick.start(50);
    progress.show();
    if (!done) loop.exec();
  }
  worker.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace flexure::app
