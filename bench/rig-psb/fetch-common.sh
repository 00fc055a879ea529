# Sourced by bench/rig-psb/fetch-<set>.sh: the steps every set's fetch takes the same way. The script sets
# $root (the checkout) and $dir (bench/out/rig-<set>) before sourcing this.

# Debian packages (.deb) into the current folder: each copied from an earlier set's download/ or apt's cache
# when one holds it (0ad-data alone is 1.4 GB), else downloaded. assimp-utils, which several conversions go
# through, is installed when missing.
fetch_debs() {
  command -v assimp >/dev/null || apt-get install -y assimp-utils
  local package cached
  for package in "$@"; do
    ls "${package}"_*.deb >/dev/null 2>&1 && continue
    cached=$(ls "$root"/bench/out/rig-*/download/"${package}"_*.deb /var/cache/apt/archives/"${package}"_*.deb \
      2>/dev/null | head -1 || true)
    if [ -n "$cached" ]; then cp "$cached" .; else apt-get download "$package"; fi
  done
}

# One source mesh into the set as $dir/<name>.off (bench/rig-psb/to-off.ts reads the formats).
to_off() { "$root/node_modules/.bin/tsx" "$root/bench/rig-psb/to-off.ts" "$1" "$dir/$2.off"; }
