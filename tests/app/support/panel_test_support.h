#pragma once
// Helpers of the panel tests: a document opened on an example scene, without a window, and
// checks that the document is still consistent after structural edits.
#include <QString>
#include <string>

#include "document/scene_document.h"
#include "document/scene_selection.h"

namespace flexure::app::testing {

// A document and a selection on scenes/<name>, as the main window owns them.
struct OpenDocument {
  SceneDocument document;
  SceneSelection selection;
  explicit OpenDocument(const char* scene);
  Scene& scene() { return document.scene(); }
};

// The document as scene-file text: equal texts are equal documents, to the last bit of Ψ.
std::string sceneText(const Scene& scene);
// Ψ matches the tree (every node's slice in place, depth first) and the text reads back as an
// equal scene (references resolve).
bool isConsistent(const Scene& scene, std::string& why);

}  // namespace flexure::app::testing
