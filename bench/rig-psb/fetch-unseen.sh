#!/usr/bin/env bash
# The rigging benchmark's unseen set (bench/rig-psb.ts --set unseen): ten human and four-legged meshes
# from the sample data that Debian's libcgal-demo package ships (CGAL 5.5.1, data/meshes), chosen by
# what they show (a standing figure with two arms and two legs; an animal on four legs) before the
# fitter ever ran on them. Left out by the same rule: busts and heads (mannequin-devil, lion), teddy
# bears (bear, bear_bis: Princeton files teddies apart from humans), the two-legged dinosaur (dino) and the
# elk statue. Academic sample data: kept out of the repository, fetched into bench/out/ (git-ignored)
# for benchmarks only, never shipped.
#
#   bash bench/rig-psb/fetch-unseen.sh        # needs apt-get (Debian's registry) and tar
set -euo pipefail
dir="$(cd "$(dirname "$0")/../.." && pwd)/bench/out/rig-unseen"
mkdir -p "$dir"
cd "$dir"
declare -A sha=(
  [man]=9f04482c1028de539f02319c476d6c95141e9fbc389e9d469041ab63096de5d4
  [homer]=99396cceb6f97e9681545d5c718d4ed87da3ceb78d22afb0218d570e9f0a0873
  [armadillo]=6f7f3ca1abc506569466b72f2f59d49493a284e7376d7a7e23c08115ec8cec4e
  [bull]=5c7b9631f8c278c12b30c0eea0b72da871504674516daf7d7eaaf5fa4154224a
  [camel]=9ac960a9fee27e6fcc6baaa2340260834625084ee20f4a97194212404e650a22
  [cow]=1c5a25c3047fc6b14dd0c962d3562b1796671422ab4634f9d46f9f23814cd54a
  [elephant]=be4e1ea68f5f840a3d2ada69d828222e76a57d9e25b21e19a9deacd3f2328e02
  [pig]=7a164eee3a5c3630687974862cb587082e25fca1e8cc99d43bd3626bb5f87ff2
  [diplodocus]=661fdac29eca4b205e354da112b3cbfd08dcfae07df989234b71421e62521c96
  [triceratops]=0fb444933884486a09eb4329a832f15ab792590f2a5bb75385d157e654ddbf5c
)
if ! ls libcgal-demo_*.deb >/dev/null 2>&1; then apt-get download libcgal-demo; fi
rm -rf extract && mkdir extract
dpkg-deb -x libcgal-demo_*.deb extract
members=()
for name in "${!sha[@]}"; do members+=("data/meshes/$name.off"); done
tar xzf extract/usr/share/doc/libcgal-dev/data.tar.gz -C extract "${members[@]}"
for name in "${!sha[@]}"; do
  echo "${sha[$name]}  extract/data/meshes/$name.off" | sha256sum --check --quiet
  cp "extract/data/meshes/$name.off" "$name.off"
done
rm -rf extract
echo "unseen set in $dir"
