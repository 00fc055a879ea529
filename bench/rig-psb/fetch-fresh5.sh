#!/usr/bin/env bash
# The rigging benchmark's fresh5 set (bench/rig-psb.ts --set fresh5): a blind set of human and four-legged
# meshes, chosen on 2026-12-07 after fresh4, from public graphics-research repositories instead of Debian's
# game packages (which the earlier sets nearly used up). Blind: never rigged before the lead's run; neither
# the rigger, Bang nor the rig benchmark ran on any of them while choosing (only --list), and the rig engine
# was not read. How chosen: candidates named by what they are (repository, path, the source's own name) and
# their expected types committed in bench/rig-psb.ts before any was converted, then fresh4's rule: one whole
# body per file (head, two arms and two legs, or head and four legs), standing as the source has it, the body
# one connected surface after welding by position (loose eyes, hair, ears, tails or horns may be apart: Kiln
# rigs the largest piece), one character per name, no mesh another set holds and no copy of one (same vertex
# count, or the same mesh reshaped, in the same source).
#   humanoid (13):
#     alecjacobson/common-3d-test-models (no licence file; sources as its README names them): ajc-beast
#       (data/beast.obj, Autodesk's Beast, arms out), ajc-ogre (data/ogre.obj, Kiaran Ritchie's ogre; loincloth,
#       teeth, nails and headband apart: the body 42 % of the faces), ajc-cheburashka (data/cheburashka.obj,
#       Ilya Baran's Cosmic Blobs toy).
#     libigl/libigl-tutorial-data (libigl's tutorial data; its README credits Cosmic Blobs): libigl-knight
#       (decimated-knight.off, 502 vertices).
#     odedstein/meshes (each object's README gives its licence): smpl-woman (objects/human/human_woman.obj, SMPL's
#       female template, T pose, CC BY 4.0 per odedstein after SMPL's body licence), smplx-neutral
#       (human_neutral.obj, SMPL-X's neutral template, T pose; eyes apart).
#     TOSCA (Bronstein, Bronstein and Kimmel; free for research use) as vendored by sh3rlock14/Computer-Graphics
#       (no licence file), meshes/: tosca-david (david0.off), tosca-victoria (victoria0.off); both stand
#       along z.
#     chromedays/lab0 (no licence file): khronos-cesium-man (assets/CesiumMan.glb, Khronos' glTF sample by
#       Cesium, CC BY 4.0; its bind pose stands along z).
#     yyj08070631/animal-3d (no licence stated): animal3d-knight (public/models/knight/KnightCharacter.gltf, a
#       low-poly knight in a T pose).
#     Sopiro/SoftwareRenderer (MIT; the models' licences not stated): sopiro-man (models/man.obj, a plain man,
#       arms down), tinyrenderer-diablo (models/diablo.obj, ssloy/tinyrenderer's diablo3_pose: a horned demon
#       in a crouched fighting stance on its two legs; tail on).
#     haldean/meshimp (no licence file): meshimp-man (models/man.obj, 260 vertices, T pose).
#   four-legged (18):
#     common-3d-test-models: ajc-spot (data/spot.obj, Keenan Crane's Spot, public domain).
#     odedstein/meshes: odedstein-cow (objects/cow/cow-low-resolution.obj, 3dcs_ch's cow, CC BY-NC 4.0),
#       odedstein-cat (objects/cat/cat-low-resolution.obj, billyd's cat stretching on its four paws, CC BY
#       4.0), odedstein-koala (objects/koala/koala_low_resolution.obj, YahooJAPAN's koala on all fours, CC BY
#       3.0).
#     TOSCA via sh3rlock14/Computer-Graphics: tosca-cat (cat0.off), tosca-dog (dog0.off), tosca-horse
#       (horse0.off), tosca-wolf (wolf0.off); all stand along z.
#     Quaternius' Ultimate Animated Animals (CC0) as vendored by nksaraf/vinxi (MIT) at a86a492,
#       assets/models/animals/: quaternius-alpaca, -bull (horns apart), -deer, -donkey, -fox, -horse, -husky,
#       -shiba-inu, -stag (antlers apart: the body 56 %), -wolf.
# Left out by the rule, first round (28 named): common-3d-test-models' woody and alligator (flat 2D
# triangulations, z = 0: no body), cow (the Viewpoint cow: 2903 vertices against CGAL's 2904, and
# psb-dev's 381 is the same cow) and horse (the Cyberware horse: psb-dev's 382 is the same horse); libigl's
# horse_quad (that horse remeshed), camel_b (CGAL's camel at a lower resolution), elephant (a cartoon
# elephant standing on two legs with arms: not the four-legged body named) and lion (a head); TOSCA's
# michael0 (david0's mesh reshaped: both 52565 vertices, 105032 faces); FAUST's tr_reg_001 (the SMPL
# template reshaped: 6890 vertices, as smpl-woman); Mixamo's X Bot and Y Bot (95 separate pieces each,
# the largest 6-7 %). Not named: CGAL's homer, the armadillos, the Max Planck and Nefertiti busts,
# odedstein's lion statue (on a plinth), SMPL's man (smpl-woman's template).
# Second round (Quaternius, 21 named): every character of the Ultimate Animated Character Pack named
# (casual male and female, knight, wizard, witch, zombie female, then the reserves goblin, pirate, viking
# female, elf) is in pieces: head, hands, hair and clothes are parts of their own (the largest 5-18 %, the
# goblin's 44 %, and still 12-29 % after closing the Draco cracks); the cow is the bull's mesh with a few
# parts changed (40 % of its vertices at the bull's very positions).
# Third round (5 humanoids named): godotman (chromedays/lab0's assets/godotman.glb: a robot in 15 parts,
# the largest 19 %), Quaternius' Adventurer (79 parts: head, trousers, backpack apart; the largest 35 %),
# SCAPE's mesh000 (wtongze/cse260: the scan lies along x, its own axes stand it on no up axis).
# Fourth round (4 humanoids named): pathingman-2.0's woman (a relief carved in a stone block, not a free
# body).
# Data: kept out of the repository, fetched into bench/out/ (git-ignored) for benchmarks only, never shipped.
# Each source is read from a clone of its public repository at the pinned commit (git show <commit>:<path>,
# so the clone's checked-out branch does not matter); the directories default to this machine's mirrors:
#   AJC_REPO      git clone https://github.com/alecjacobson/common-3d-test-models && git checkout 8a4f8642acaf43f9cd7b67858a1502e1055ef202
#   LIBIGL_REPO   git clone https://github.com/libigl/libigl-tutorial-data && git checkout c1f9ede366d02e3531ecbaec5e3769312f31cccd
#   ODEDSTEIN_REPO git clone https://github.com/odedstein/meshes && git checkout 835213277571d625722d25880c9c3010c6f45a5a
#   TOSCA_REPO    git clone https://github.com/sh3rlock14/Computer-Graphics && git checkout c2efc42cb4bea0bf023967fee73353e59dafbba2
#   VINXI_REPO    git clone https://github.com/nksaraf/vinxi && git checkout a86a492d473b7266bfd9967c158a95e4518dd313
#   LAB0_REPO     git clone https://github.com/chromedays/lab0 && git checkout 1bae91bb7666292e367df580fa302dec2ce38827
#   ANIMAL3D_REPO git clone https://github.com/yyj08070631/animal-3d && git checkout 3c3932c0b4bf337d491690faa00e096c182ddddd
#   SOPIRO_REPO   git clone https://github.com/Sopiro/SoftwareRenderer && git checkout 08e3bc1c59856cf385d2ad07b64e7bcc3bcaca75
#   MESHIMP_REPO  git clone https://github.com/haldean/meshimp && git checkout c9c2ba088d0e31b69c84b5e064b941e178a48b4e
#
#   bash bench/rig-psb/fetch-fresh5.sh   # needs git and node_modules (tsx, glTF-Transform, draco3dgltf)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/out/rig-fresh5"
source "$root/bench/rig-psb/fetch-common.sh"
mirror=/work/.mirror
ajc=${AJC_REPO:-$mirror/alecjacobson+common-3d-test-models/repo}
libigl=${LIBIGL_REPO:-$mirror/libigl+libigl-tutorial-data/repo}
odedstein=${ODEDSTEIN_REPO:-$mirror/odedstein+meshes/repo}
tosca=${TOSCA_REPO:-$mirror/sh3rlock14+Computer-Graphics/repo}
vinxi=${VINXI_REPO:-$mirror/nksaraf+vinxi/repo}
lab0=${LAB0_REPO:-$mirror/chromedays+lab0/repo}
animal3d=${ANIMAL3D_REPO:-$mirror/yyj08070631+animal-3d/repo}
sopiro=${SOPIRO_REPO:-$mirror/Sopiro+SoftwareRenderer/repo}
meshimp=${MESHIMP_REPO:-$mirror/haldean+meshimp/repo}
declare -A commit=([$ajc]=8a4f8642acaf43f9cd7b67858a1502e1055ef202 [$libigl]=c1f9ede366d02e3531ecbaec5e3769312f31cccd
  [$odedstein]=835213277571d625722d25880c9c3010c6f45a5a [$tosca]=c2efc42cb4bea0bf023967fee73353e59dafbba2
  [$vinxi]=a86a492d473b7266bfd9967c158a95e4518dd313
  [$lab0]=1bae91bb7666292e367df580fa302dec2ce38827
  [$animal3d]=3c3932c0b4bf337d491690faa00e096c182ddddd [$sopiro]=08e3bc1c59856cf385d2ad07b64e7bcc3bcaca75
  [$meshimp]=c9c2ba088d0e31b69c84b5e064b941e178a48b4e)
# A file of a repository at its pinned commit, from a clone (work tree with .git) or a bare git directory.
show() {
  local git_dir=$1
  [ -d "$1/.git" ] && git_dir=$1/.git
  git --git-dir="$git_dir" show "${commit[$1]}:$2"
}
mkdir -p "$dir"
extract="$dir/extract"
rm -rf "$extract" && mkdir -p "$extract"

# OBJ files read as they are.
declare -A obj=(
  [ajc-beast]="$ajc:data/beast.obj" [ajc-ogre]="$ajc:data/ogre.obj" [ajc-cheburashka]="$ajc:data/cheburashka.obj"
  [ajc-spot]="$ajc:data/spot.obj" [smpl-woman]="$odedstein:objects/human/human_woman.obj"
  [smplx-neutral]="$odedstein:objects/human/human_neutral.obj"
  [odedstein-cow]="$odedstein:objects/cow/cow-low-resolution.obj"
  [odedstein-cat]="$odedstein:objects/cat/cat-low-resolution.obj"
  [odedstein-koala]="$odedstein:objects/koala/koala_low_resolution.obj" [sopiro-man]="$sopiro:models/man.obj"
  [tinyrenderer-diablo]="$sopiro:models/diablo.obj" [meshimp-man]="$meshimp:models/man.obj")
for name in "${!obj[@]}"; do
  show "${obj[$name]%%:*}" "${obj[$name]#*:}" >"$extract/$name.obj"
  to_off "$extract/$name.obj" "$name"
done

# OFF files copied as they are (triangles already).
declare -A off=([libigl-knight]="$libigl:decimated-knight.off" [tosca-david]="$tosca:meshes/david0.off"
  [tosca-victoria]="$tosca:meshes/victoria0.off" [tosca-cat]="$tosca:meshes/cat0.off" [tosca-dog]="$tosca:meshes/dog0.off" [tosca-horse]="$tosca:meshes/horse0.off"
  [tosca-wolf]="$tosca:meshes/wolf0.off")
for name in "${!off[@]}"; do show "${off[$name]%%:*}" "${off[$name]#*:}" >"$dir/$name.off"; done

# glTF files, read by to-off.ts through glTF-Transform; skinned meshes as stored (their bind pose: the
# joints' nodes may hold an animation's frame). Quaternius' animals from vinxi's copy of the pack as
# Quaternius ships it (buffers embedded): a game's copies (Serious-Sam97/fable-game, looked at first) are
# Draco-quantized part by part, which opens cracks between the material parts.
declare -A animals=([quaternius-alpaca]=Alpaca [quaternius-bull]=Bull [quaternius-deer]=Deer
  [quaternius-donkey]=Donkey [quaternius-fox]=Fox [quaternius-horse]=Horse [quaternius-husky]=Husky
  [quaternius-shiba-inu]=ShibaInu [quaternius-stag]=Stag [quaternius-wolf]=Wolf)
for name in "${!animals[@]}"; do
  show "$vinxi" "assets/models/animals/${animals[$name]}.gltf" >"$extract/$name.gltf"
  to_off "$extract/$name.gltf" "$name"
done
show "$lab0" assets/CesiumMan.glb >"$extract/khronos-cesium-man.glb"
to_off "$extract/khronos-cesium-man.glb" khronos-cesium-man
mkdir -p "$extract/knight"
show "$animal3d" public/models/knight/KnightCharacter.gltf >"$extract/knight/KnightCharacter.gltf"
show "$animal3d" public/models/knight/KnightCharacter.bin >"$extract/knight/KnightCharacter.bin"
to_off "$extract/knight/KnightCharacter.gltf" animal3d-knight

rm -rf "$extract"
cd "$dir"
if [ -f "$root/bench/rig-psb/fresh5.sha256" ]; then sha256sum --check --quiet "$root/bench/rig-psb/fresh5.sha256"; fi
echo "fresh5 set in $dir"
