# The Rive Renderer's Vulkan backend for scripts/build-rive-cpp --renderer vulkan: its
# third-party sources at the pins of renderer/premake5_pls_renderer.lua, its SPIR-V shaders
# made by upstream's shader Makefile, and its static library.
#
# Sourced, not run. The caller sets: cache_root, cxx, launcher, jobs, runtime_flags (the
# flags the runtime library was compiled with), build_dir (the runtime's cache folder, whose
# include/ the renderer compiles against), renderer_dir (this build's cache folder), and
# either git_dir + commit_sha or source_dir; and the functions say, input_error, build_error,
# find_dependency_tree and archive_existing (scripts/lib/engine-features.bash).
# Everything here writes only under $cache_root/deps and $renderer_dir.

# The files of renderer/src that the Vulkan backend compiles on Linux without GL, canvas
# (ORE) or image decoders: premake5_pls_renderer.lua's src/*.cpp, its two ORE files and, with
# --with_vulkan, src/vulkan/*.cpp.
renderer_vulkan_sources() {
  (cd "$1" && find src -maxdepth 1 -name '*.cpp'; echo src/ore/ore_binding_map.cpp; echo src/ore/ore_bind_group_layout.cpp
   find src/vulkan -maxdepth 1 -name '*.cpp') | LC_ALL=C sort
}

# Builds $renderer_dir/librive_pls_renderer.a, $renderer_dir/include (the renderer's public
# headers), renderer-flags.txt (what code using it compiles with) and renderer.txt (what was
# built from where).
build_renderer_vulkan() {
  local started tree pins repo ref name dep_flags=() origins=() ply_flag= tool
  started=$(date +%s)
  for tool in glslangValidator spirv-opt make python3; do
    command -v "$tool" >/dev/null 2>&1 || input_error "$tool not found: the renderer's shaders need it (scripts/bootstrap installs it)"
  done
  tree=$(mktemp -d "${TMPDIR:-/tmp}/rive-renderer.XXXXXX")
  renderer_tree=$tree
  if [ -n "$source_dir" ]; then
    [ -d "$source_dir/renderer/src" ] || input_error "--source $source_dir has no renderer/src folder"
    cp -r "$source_dir/renderer" "$tree/renderer"; mkdir -p "$tree/decoders"; cp -r "$source_dir/decoders/include" "$tree/decoders/include"
  else
    say "extracting renderer/ and decoders/include of $commit_sha from $git_dir"
    archive_existing "$(git -C "$git_dir" rev-parse --absolute-git-dir)" "$commit_sha" "$tree" \
      renderer/src renderer/include renderer/premake5_pls_renderer.lua decoders/include \
      || build_error "extracting renderer/ at $commit_sha failed"
  fi
  local premake="$tree/renderer/premake5_pls_renderer.lua"
  [ -f "$premake" ] || build_error "this runtime commit has no renderer/premake5_pls_renderer.lua: no Vulkan renderer to build"

  # Third-party sources, at the premake file's pins.
  pins=$(sed -n "s/.*dependency\.github('\([^']*\)', *'\([^']*\)').*/\1 \2/p" "$premake")
  local vk_headers= vma= ply=
  while read -r repo ref; do
    case "$repo" in
      KhronosGroup/Vulkan-Headers|GPUOpen-LibrariesAndSDKs/VulkanMemoryAllocator|dabeaz/ply) ;;
      *) continue ;;
    esac
    name=${repo##*/}
    if [ "$name" = ply ] && python3 -c 'import ply' 2>/dev/null; then
      origins+=("$repo $ref: the python3 on PATH imports ply $(python3 -c 'import ply; print(ply.__version__)') instead"); continue
    fi
    if [ "$name" = ply ] && [ -d /usr/lib/python3/dist-packages/ply ]; then
      # Debian's python3-ply, for a python3 on PATH that is not Debian's.
      ply=/usr/lib/python3/dist-packages
      origins+=("$repo $ref: Debian python3-ply $(sed -n "s/^__version__ *= *'\(.*\)'/\1/p" "$ply/ply/__init__.py") instead"); continue
    fi
    dependency_looked=()
    find_dependency_tree "$repo" "$ref" \
      || build_error "renderer: $repo@$ref (pinned in renderer/premake5_pls_renderer.lua) not found; looked in: ${dependency_looked[*]}; supply it with --deps-dir DIR"
    origins+=("$repo $ref: $(cat "$found_tree/.rive-harness-origin")")
    case "$name" in
      Vulkan-Headers) vk_headers=$found_tree ;;
      VulkanMemoryAllocator) vma=$found_tree ;;
      ply) ply=$found_tree ;;
    esac
  done <<<"$pins"
  [ -n "$vk_headers" ] && [ -n "$vma" ] || build_error "renderer/premake5_pls_renderer.lua pins no Vulkan-Headers or VulkanMemoryAllocator"
  [ -n "$ply" ] && ply_flag="-p $ply"

  # Shaders: upstream's Makefile makes the minified GLSL and, for each header that
  # src/vulkan/vulkan_shaders.cpp includes, glslangValidator + spirv-opt + a C header.
  local generated="$renderer_dir/generated.tmp" shims="$tree/shims" targets=()
  rm -rf "$generated"; mkdir -p "$generated/generated/shaders" "$shims"
  mapfile -t targets < <(sed -n 's|^#include "generated/shaders/\(spirv/[^"]*\.h\)"|\1|p' "$tree/renderer/src/vulkan/vulkan_shaders.cpp" \
    | sed "s|^|$generated/generated/shaders/|")
  [ ${#targets[@]} -gt 0 ] || build_error "src/vulkan/vulkan_shaders.cpp names no generated SPIR-V headers"
  if ! spirv-opt --help 2>&1 | grep -q -- '--preserve-interface'; then
    # SPIRV-Tools before 2023.2 (Debian 12 has 2023.1) lack the flag; their dead-code
    # passes never remove shader inputs or outputs, which is what the flag asks.
    local real_opt
    real_opt=$(command -v spirv-opt)
    printf '#!/usr/bin/env bash\nargs=()\nfor a in "$@"; do [ "$a" = --preserve-interface ] || args+=("$a"); done\nexec %q "${args[@]}"\n' "$real_opt" >"$shims/spirv-opt"
    chmod +x "$shims/spirv-opt"
    say "spirv-opt $(spirv-opt --version 2>&1 | head -1 | awk '{print $2}') has no --preserve-interface: dropped (it keeps the interface without it)"
  fi
  say "renderer: making ${#targets[@]} SPIR-V shader headers (upstream's renderer/src/shaders/Makefile)"
  PATH="$shims:$PATH" make -s -C "$tree/renderer/src/shaders" -j"$jobs" OUT="$generated/generated/shaders" FLAGS="$ply_flag" "${targets[@]}" \
    >"$renderer_dir/shaders.log" 2>&1 || { tail -30 "$renderer_dir/shaders.log" >&2; build_error "renderer shader generation failed (log: $renderer_dir/shaders.log)"; }
  rm -rf "$renderer_dir/generated"; mv "$generated" "$renderer_dir/generated"
  say "renderer: shaders made in $(( $(date +%s) - started ))s"

  # The library: the runtime's flags plus premake's Vulkan defines and build options.
  mkdir -p "$renderer_dir/vk-include" "$renderer_dir/vma-include"
  cp -r "$vk_headers/include/." "$renderer_dir/vk-include/"; cp -r "$vma/include/." "$renderer_dir/vma-include/"
  local vulkan_defines=(-DRIVE_VULKAN -DVK_NO_PROTOTYPES -DVMA_STATIC_VULKAN_FUNCTIONS=0 -DVMA_DYNAMIC_VULKAN_FUNCTIONS=1)
  local flags=("${runtime_flags[@]}" "${vulkan_defines[@]}" -ffp-contract=on -fassociative-math -Wno-psabi
               -Iinclude -Isrc -I"$build_dir/include" -I"$renderer_dir/generated" -I"$tree/decoders/include"
               -isystem "$renderer_dir/vk-include" -isystem "$renderer_dir/vma-include")
  local sources obj_dir="$renderer_dir/obj" src out failed=0
  mapfile -t sources < <(renderer_vulkan_sources "$tree/renderer")
  mkdir -p "$obj_dir"
  say "renderer: compiling ${#sources[@]} files (jobs $jobs${launcher:+, ccache})"
  export CCACHE_BASEDIR=$tree
  renderer_compile_one() {
    local src=$1 out
    out="$obj_dir/$(echo "${src%.cpp}" | tr / _).o"
    (cd "$tree/renderer" && $launcher "$cxx" "${flags[@]}" -c "$src" -o "$out.tmp" 2>"$out.log") \
      || { say "failed: renderer/$src"; sed -n '1,30p' "$out.log" >&2; rm -f "$out.tmp"; return 1; }
    mv "$out.tmp" "$out"; rm -f "$out.log"
  }
  # Two at a time at most per --jobs, as the runtime's compiles.
  local running=0
  for src in "${sources[@]}"; do
    renderer_compile_one "$src" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || failed=1; running=$((running - 1)); fi
  done
  while [ "$running" -gt 0 ]; do wait -n || failed=1; running=$((running - 1)); done
  [ "$failed" -eq 0 ] || build_error "renderer compile failed"
  rm -f "$renderer_dir/librive_pls_renderer.a.tmp"
  ar rcs "$renderer_dir/librive_pls_renderer.a.tmp" "$obj_dir"/*.o || build_error "ar failed making librive_pls_renderer.a"
  rm -rf "$renderer_dir/include"; cp -r "$tree/renderer/include" "$renderer_dir/include"
  printf '%s\n' "${vulkan_defines[@]}" "-I$renderer_dir/include" "-isystem" "$renderer_dir/vk-include" "-isystem" "$renderer_dir/vma-include" \
    >"$renderer_dir/renderer-flags.txt"
  { echo "renderer vulkan"
    echo "runtime $commit_sha"
    echo "sources ${#sources[@]} files of renderer/src (src/*.cpp, src/ore/ore_binding_map.cpp, src/ore/ore_bind_group_layout.cpp, src/vulkan/*.cpp)"
    echo "shaders ${#targets[@]} SPIR-V headers; $(glslangValidator --version | head -1); $(spirv-opt --version 2>&1 | head -1)"
    for line in "${origins[@]}"; do echo "source $line"; done
  } >"$renderer_dir/renderer.txt"
  mv "$renderer_dir/librive_pls_renderer.a.tmp" "$renderer_dir/librive_pls_renderer.a"
  rm -rf "$obj_dir" "$tree"
  say "renderer library built in $(( $(date +%s) - started ))s: $renderer_dir/librive_pls_renderer.a"
}
