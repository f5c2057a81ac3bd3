#pragma once
// The main window: menus, the viewport, the status bar, and the document they show. Panels
// (outliner, property editor, constraint list, solver panel, timeline) are dock widgets in
// their own files, added with addPanel(); this file only wires them to the document.
#include <QMainWindow>
#include <QPointer>

#include "display_geometry.h"
#include "recent_files.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;

namespace flexure::app {

class Autosave;
struct Preferences;
class SceneDocument;
class SceneSelection;
class SolverLink;
class Viewport;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  SceneDocument& document() { return *document_; }
  SceneSelection& selection() { return *selection_; }
  Viewport& viewport() { return *viewport_; }
  // The solver thread's GUI end (commands out, newest results in).
  SolverLink& solver() { return *solver_; }

  // Opens a scene or importable file; on failure shows nothing and returns the message.
  bool openFile(const QString& path, QString& error);
  // Recovery copies of the document (autosave.h).
  Autosave& autosave() { return *autosave_; }
  // At startup: offers the autosaved copies a crashed session left (recovery_dialog.h).
  void offerRecovery();
  // Applies preferences now (autosave interval, shading, recent files) and stores them.
  void applyPreferences(const Preferences& preferences);
  // Runs one solver step on the document and redraws (see solver_stepping.h).
  void stepSolvers();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private slots:
  void newDocument();
  void openWithDialog();
  bool saveDocument();
  bool saveDocumentAs();
  void refreshGeometry();
  void refreshStyles();
  void refreshTitle();
  void refreshRecentMenu();
  void showControls();
  void showAbout();
  void selectAt(const QPointF& position);

 private:
  void createMenus();
  void createFileMenu();
  void createViewMenu();
  void createHelpMenu();
  void createPanels();
  void addPanel(QDockWidget* panel, Qt::DockWidgetArea area);
  void setShading(int mode);
  void openInteractively(const QString& path);
  bool confirmDiscardChanges();
  void syncCameraIntoScene();
  void showSceneStatistics();
  static bool isOpenableFile(const QString& path);
  // File menu of the document: revert, import, export, preferences; settings at start and close.
  void addDocumentFileActions(QMenu* file);
  void revertDocument();
  void importWithDialog();
  void exportObjWithDialog();
  void exportImageWithDialog();
  void showPreferences();
  void restoreDocumentSettings();
  void saveSettingsOnCleanClose();
  Autosave* autosave_ = nullptr;

  SceneDocument* document_ = nullptr;
  SceneSelection* selection_ = nullptr;
  Viewport* viewport_ = nullptr;
  SolverLink* solver_ = nullptr;
  DisplayGeometry geometry_;
  RecentFiles recentFiles_;
  QMenu* recentMenu_ = nullptr;
  QMenu* panelsMenu_ = nullptr;
  QActionGroup* shadingGroup_ = nullptr;
  QLabel* statisticsLabel_ = nullptr;
};

}  // namespace flexure::app
