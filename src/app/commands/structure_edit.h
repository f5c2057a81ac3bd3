#pragma once
// One undo step for an edit of the tree done in place by core code (issue 27: duplicate, paste,
// group, ungroup, delete several; core/scene_fragment.h, core/grouping.h, core/node_removal.h).
// The edit runs on a copy of the document's content while the original node objects wait aside
// (as a script block does, scripting/script_edit_recorder.h); when it succeeds the step is a
// SceneContentCommand that swaps the two, and when it throws the originals come back untouched
// and the exception's text is the problem — all or nothing.
#include <QString>
#include <functional>

namespace flexure {
class Scene;
}

namespace flexure::app {

class SceneDocument;

// Runs `edit` on the document's scene as the undo step `label`. Returns false, with `problem`
// set, when `edit` threw (the document is then as it was, and nothing is pushed).
bool editStructure(SceneDocument& document, const QString& label, const std::function<void(Scene&)>& edit,
                   QString& problem);

}  // namespace flexure::app
