// Fixture: the application may include Qt and any module (must not be reported).
#include <QMainWindow>
#include "flexure/curves/mes_curve.h"
