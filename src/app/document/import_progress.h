#pragma once
// The window's side of a file read that may run assimp in a child process (issue 28 item 4):
// the read runs on a worker thread while the window shows how long it has run and how much
// memory the reader has taken, against the import limits (flexure/interchange/import_limits.h),
// with Cancel, which kills the reader. A read that ends quickly shows nothing: the dialog
// appears after kShowAfterMs, and until then user input waits (no action runs inside the read).
#include <QString>
#include <functional>

class QWidget;

namespace flexure::app {

inline constexpr int kImportProgressShowAfterMs = 400;

// Runs `read` on a worker thread under an ImportWatch and returns when it has returned;
// rethrows what it threw (a cancelled read throws ImportStopped, reason Cancelled). `path`
// names the file in the dialog ("Reading cow.dae… 3 s, 412 MiB of at most 2 GiB").
void runWithImportProgress(QWidget* parent, const QString& path, const std::function<void()>& read);

// The dialog's label for a read of `name` that has run `seconds` and taken `bytes`.
QString importProgressText(const QString& name, double seconds, unsigned long long bytes);

// True for the error of a read the user cancelled ("FILE: import cancelled"): the window says
// so in the status bar instead of an error dialog.
bool isCancelledImport(const QString& error);

}  // namespace flexure::app
