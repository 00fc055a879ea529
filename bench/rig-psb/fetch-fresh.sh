#!/usr/bin/env bash
# The rigging benchmark's fresh set (bench/rig-psb.ts --set fresh): fifteen human and four-legged game
# meshes from Debian packages, chosen on 2026-12-07 by what they are, before the fitter ever ran on them,
# and never tuned on. The rule: a whole body (head, two arms and two legs; or head and four legs), in a
# rest or natural standing pose, the body one connected surface (Kiln rigs the largest piece), one mesh per
# species or character.
#   humans (5): assimp-testmodels 5.2.5 (BSD-3 per Debian; the MD2 files carry the Irrlicht/zlib licence,
#     HUMAN.blend "reuse allowed for any purpose"): mrfixit.iqm (Sauerbraten's player), sydney.md2 and
#     faerie.md2 (Irrlicht's media; frame 0 stands), HUMAN.blend, Collada/human.zae.
#   four-legged (10): 0ad-data 0.0.26 (0 A.D. art, CC-BY-SA 3.0), art/meshes/skeletal: horse, camel,
#     deer_mesh, elephant_african_bush, giraffe_adult, rhino, sheep, wolf, tiger, bear (bind pose, standing).
# Left out by the same rule: 0 A.D.'s human bodies (headless: heads are props), its campaign heroes (body in
# pieces), Minetest's character (separate boxes), Sauerbraten's snoutx10k (armour pieces: the body is less
# than half of it), OpenArena's players (head, torso and legs as three files), riders, armoured and young
# animals and repeated species (horse breeds, cattle variants). Game data: kept out of the repository,
# fetched into bench/out/ (git-ignored) for benchmarks only, never shipped.
#
#   bash bench/rig-psb/fetch-fresh.sh    # needs apt-get (Debian's registry; 0ad-data is a 1.4 GB download),
#                                        # assimp-utils (installed if missing), unzip, node_modules
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/out/rig-fresh"
source "$root/bench/rig-psb/fetch-common.sh"
mkdir -p "$dir/download"
cd "$dir/download"
fetch_debs assimp-testmodels 0ad-data

rm -rf extract && mkdir extract
dpkg-deb --fsys-tarfile assimp-testmodels_*.deb | tar x -C extract ./usr/share/assimp/models/IQM/mrfixit.iqm \
  ./usr/share/assimp/models/MD2/sydney.md2 ./usr/share/assimp/models/MD2/faerie.md2 \
  ./usr/share/assimp/models/BLEND/HUMAN.blend ./usr/share/assimp/models/Collada/human.zae
models=extract/usr/share/assimp/models
declare -A human=([mrfixit]=IQM/mrfixit.iqm [sydney]=MD2/sydney.md2 [faerie]=MD2/faerie.md2
  [blend-human]=BLEND/HUMAN.blend [collada-human]=Collada/human.zae)
for name in "${!human[@]}"; do
  assimp export "$models/${human[$name]}" "extract/$name.obj" >/dev/null
  to_off "extract/$name.obj" "$name"
done

zip=usr/share/games/0ad/mods/public/public.zip
[ -f "$zip" ] || dpkg-deb --fsys-tarfile 0ad-data_*.deb | tar x "./$zip"
for name in horse camel deer_mesh elephant_african_bush giraffe_adult rhino sheep wolf tiger bear; do
  unzip -o -q -j "$zip" "art/meshes/skeletal/$name.dae.cached.pmd" -d extract
  to_off "extract/$name.dae.cached.pmd" "$name"
done
rm -rf extract
cd "$dir"
sha256sum --check --quiet "$root/bench/rig-psb/fresh.sha256"
echo "fresh set in $dir"
