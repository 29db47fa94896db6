// The cairo C API (pkg-config cairo), exposed to Swift as the CCairo module.
#include <cairo.h>
