# shellcheck shell=bash
# The compile flags of scripts/build-rive-cpp's runtime library and programs, in one place:
# the build script compiles with them, and the build archive names a runtime by their hash
# (scripts/lib/build-archive.bash), also for cache folders it exports without rebuilding.
#
# Sourced, not run.

# rive_cpp_flags SANITIZERS: sets, for a comma-separated list of sanitizers (address,
# undefined; empty for none):
#   runtime_flags    the runtime library's flags before its features' flags
#   program_flags    our programs' flags before the runtime's commit, features, headers and
#                    the sanitizer flags
#   sanitize_flags   the sanitizer flags (every compile and link)
#   sanitize_suffix  the cache key's suffix (+asan, +ubsan)
#   sanitizer_names  the sanitizers, in that order
# Returns 1 and sets unknown_sanitizer for a name it does not know.
# shellcheck disable=SC2034 # the variables it sets are the caller's
rive_cpp_flags() {
  local list=$1 sanitizer wanted_address=0 wanted_undefined=0
  local sanitizers=()
  sanitize_flags=(); sanitize_suffix=; sanitizer_names=(); unknown_sanitizer=
  if [ -n "$list" ]; then IFS=',' read -r -a sanitizers <<<"$list"; fi
  for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
      address) wanted_address=1 ;; undefined) wanted_undefined=1 ;;
      *) unknown_sanitizer=$sanitizer; return 1 ;;
    esac
  done
  [ $wanted_address -eq 1 ] && { sanitizer_names+=(address); sanitize_suffix+="+asan"; }
  [ $wanted_undefined -eq 1 ] && { sanitizer_names+=(undefined); sanitize_suffix+="+ubsan"; }
  if [ ${#sanitizer_names[@]} -gt 0 ]; then
    sanitize_flags=("-fsanitize=$(IFS=,; echo "${sanitizer_names[*]}")" -fno-omit-frame-pointer -g1)
    [ $wanted_undefined -eq 1 ] && sanitize_flags+=(-fno-sanitize-recover=undefined)
  fi
  runtime_flags=(-std=c++17 -O2 -DNDEBUG -DRELEASE -D_RIVE_INTERNAL_ -DYOGA_EXPORT= -fPIC "${sanitize_flags[@]}")
  program_flags=(-std=c++17 -O2 -DNDEBUG -DRELEASE -D_RIVE_INTERNAL_ -DYOGA_EXPORT=)
  return 0
}
