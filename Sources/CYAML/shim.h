// The libyaml C API (pkg-config yaml-0.1), exposed to Swift as the CYAML module.
#include <yaml.h>
