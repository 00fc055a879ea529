#!/usr/bin/env bash
# The rigging benchmark's fresh4 set (bench/rig-psb.ts --set fresh4): a blind set of human and four-legged
# meshes, chosen on 2026-12-07 after fresh3. Blind: never rigged before the lead's run; neither the rigger,
# Bang nor the rig benchmark ran on any of them while choosing (only --list), and the rig engine was not read.
# How chosen: candidates named by what they are (package, path, the source's own name) and their expected
# types committed in bench/rig-psb.ts before any was converted, then fresh3's rule: one whole body per file
# (head, two arms and two legs, or head and four legs), standing as the source has it, the body one connected
# surface after welding by position (loose hair, skirts, aprons, eyes, ears or tails may be apart: Kiln rigs
# the largest piece), one character per name, no mesh another set holds and no copy of one (same vertex
# count, or the same mesh reshaped, in the same game). Reserves were named and typed in the same way, in
# rounds, each round committed before its conversion (see the commits touching FRESH4); the first of each
# round's list that passed replaced a left-out candidate. The new packages ran short, so the set is 13, not
# the 20 to 24 asked for: most figures in Debian's remaining packages are busts, bodies in clothing pieces,
# or sitting.
#   humanoid (7):
#     supertuxkart-data 1.4 (SuperTuxKart; meshes under Debian's file-wide stanza, GPL-3+, the cut scene's
#       CC-BY-SA 3.0), SuperTuxKart's own SPM format (read by to-off.ts): stk-beach-guy
#       (library/stklib_beachGuy_a), stk-beach-woman (stklib_beachWomen_a; hair apart), stk-silvian-girl
#       (stklib_silvianGirl_a; skirt apart), stk-aztek-girl (stklib_aztekGirlCheering_a; skirt and hair
#       apart), stk-wilber (stklib_wilbertSecurity_a: Wilber, GIMP's mascot, upright; apron apart),
#       stk-nolok-intro (tracks/introcutscene2/Nolok_intro.spm: Nolok standing, tail on).
#     qt3d5-examples 5.15.8 (Qt 3D's example assets; the glTF folder BSD-3-clause per Debian's copyright),
#       exampleresources/assets/gltf/2.0/RiggedFigure through assimp: qt3d-rigged-figure (Khronos' blocky
#       rigged figure, T pose).
#   four-legged (6):
#     sweethome3d-furniture 1.8 (Sweet Home 3D's contributed libraries; BlendSwap CC-BY 3.0 and CC0, Scopia
#       CC-BY 3.0), OBJ inside the .sh3f zips: sh3d-horse (BlendSwap-CC-BY horse), sh3d-horse2 (BlendSwap-CC-0
#       horse2, walking), sh3d-bulldog (BlendSwap-CC-BY; eyes apart), sh3d-siamese-cat (BlendSwap-CC-BY
#       siameseCat), sh3d-rabbit (Scopia rabbit: crouched as a rabbit stands, as fresh2's 0 A.D. rabbit;
#       eyes apart).
#     0ad-data 0.0.26 (0 A.D. art, CC-BY-SA 3.0), bind pose: 0ad-sanga-cattle (sanga_cattle_a: 622
#       vertices, no earlier set's mesh; the package's one cattle mesh that is not a reshaped copy of the
#       aurochs or zebu fresh3 holds).
# Left out by the rule, by round. First: UFO:AI's models/characters (connor, falkland, howard, navarre,
# al_kuhar, floydd: heads for the base's screens, not bodies) and its crocodile (legs apart: 54 %); Sweet
# Home 3D's Reallusion and Kator Legaz people (female01-03, male01-03, boy, girl, holding male and female,
# Kator's female and male: trousers, dresses or heads are pieces of their own, 22-60 %) and Scopia's
# mannequins (11 %), its cat and dog (sitting), BlendSwap's deer (an ornament on a plinth, legs fused);
# SuperTuxKart's cow (a herd in one file: 12 %), pig (a sitting statue), Sara (a flat billboard), Nolok of
# the colosseum (sitting); Minetest's maidroid (separate boxes: 43 %); Sweet Home 3D's own visitor figure
# (9 %). Second: SuperTuxKart's meditating and closing-scene Gnu (seated), TuxIntro (lying) and EndingTux
# (14 %), entrance guardians (three in one file), Konqi (sitting), Kiki (crouched, 30 %), Poseidon (head
# apart), cheering monkey (head apart), XR591 robot (on tracks); CGAL's lion (a head), bear (a sitting
# teddy), elk (a toy on wheels), mannequin-devil (a head), hippo (a point cloud, no surface). Third: 0 A.D.'s
# other cattle (cattle_female_a/b, cattle_male_a/b/c, bull_a/b, auroch_b, sanga_cattle_b: the aurochs',
# zebu's or sanga's mesh reshaped), rabbit_02 (rabbit_01's mesh), mastiff with spikes and
# elephant_asian_male_b (fresh2's meshes with spikes or tusks changed). Kiki the painter has no mesh of its
# own. Fourth: MegaGlest's Roman, Persian, Norse, Egyptian and Indian people (gladiator, general, tribune,
# axe man, swordsman, wartime mechanic, princess, fakir, cudgel lady, crossbow, spearthrower, axe indian: the
# head is a piece of its own, as fresh2 found for its other people; the crossbow a cart, the tribune a rider,
# the fakir on a bed of nails). Looked at and not used: FlightGear's other fauna (birds, ducks, a dolphin) and pilots (seated);
# Lugaru (Body2-7 and Wolf2-7 reshape fresh2's bodies; the hawk flies); UFO:AI's soldiers, civilians and
# pilots (heads are separate models); Warzone 2100's cyborgs (parts); Open Inventor's data (its people are
# CyberHeads, its men primitive parts); Scorched3D (tanks), Blob and Conquer (blobs, a spider),
# FreedroidRPG and Trigger Rally (no bodies). Up axes are the sources' own (y for all). Game data:
# kept out of the repository, fetched into bench/out/ (git-ignored) for benchmarks only, never shipped.
#
#   bash bench/rig-psb/fetch-fresh4.sh   # needs apt-get (Debian's registry; supertuxkart-data is 0.7 GB,
#                                        # qt3d5-examples 0.27 GB, 0ad-data 1.4 GB, reused from the earlier
#                                        # sets' download/ or apt's cache if there), assimp-utils (installed
#                                        # if missing), unzip, node_modules
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/out/rig-fresh4"
source "$root/bench/rig-psb/fetch-common.sh"
mkdir -p "$dir/download"
cd "$dir/download"
fetch_debs supertuxkart-data sweethome3d-furniture qt3d5-examples 0ad-data
rm -rf extract && mkdir extract

# SuperTuxKart: the figures' SPM files read directly.
data=./usr/share/games/supertuxkart/data
declare -A stk=([stk-beach-guy]=library/stklib_beachGuy_a/stklib_beachGuy_a_main.spm
  [stk-beach-woman]=library/stklib_beachWomen_a/stklib_beachWomen_a_main.spm
  [stk-silvian-girl]=library/stklib_silvianGirl_a/stklib_silvianGirl_a_main.spm
  [stk-aztek-girl]=library/stklib_aztekGirlCheering_a/stklib_aztekGirlCheering_a_main.spm
  [stk-wilber]=library/stklib_wilbertSecurity_a/stklib_wilbertSecurity_a_main.spm
  [stk-nolok-intro]=tracks/introcutscene2/Nolok_intro.spm)
files=()
for name in "${!stk[@]}"; do files+=("$data/${stk[$name]}"); done
dpkg-deb --fsys-tarfile supertuxkart-data_*.deb | tar x -C extract "${files[@]}"
for name in "${!stk[@]}"; do to_off "extract/$data/${stk[$name]}" "$name"; done

# Qt 3D: Khronos' RiggedFigure (glTF 2.0) through assimp.
figure=./usr/lib/x86_64-linux-gnu/qt5/examples/qt3d/exampleresources/assets/gltf/2.0/RiggedFigure
dpkg-deb --fsys-tarfile qt3d5-examples_*.deb | tar x -C extract "$figure"
assimp export "extract/$figure/RiggedFigure.gltf" extract/rigged-figure.obj >/dev/null
to_off extract/rigged-figure.obj qt3d-rigged-figure

# Sweet Home 3D: each animal's OBJ from its library's .sh3f (a zip).
furniture=./usr/share/sweethome3d/furniture
dpkg-deb --fsys-tarfile sweethome3d-furniture_*.deb | tar x -C extract "$furniture"
declare -A sh3d=([sh3d-horse]=BlendSwap-CC-BY:blendswap-cc-by/horse/horse.obj
  [sh3d-horse2]=BlendSwap-CC-0:blendswap-cc-0/horse2/horse2.obj
  [sh3d-bulldog]=BlendSwap-CC-BY:blendswap-cc-by/bulldog/bulldog.obj
  [sh3d-siamese-cat]=BlendSwap-CC-BY:blendswap-cc-by/siameseCat/siameseCat.obj
  [sh3d-rabbit]=Scopia:scopia/rabbit/rabbit.obj)
for name in "${!sh3d[@]}"; do
  library=${sh3d[$name]%%:*} path=${sh3d[$name]#*:}
  unzip -o -q -j "extract/$furniture/$library.sh3f" "$path" -d "extract/$name"
  to_off "extract/$name/$(basename "$path")" "$name"
done

# 0 A.D.: the sanga cattle straight from the game's compiled mesh.
zip=usr/share/games/0ad/mods/public/public.zip
if [ ! -f "$zip" ]; then
  reused=$(ls "$root"/bench/out/rig-fresh*/download/"$zip" 2>/dev/null | head -1 || true)
  if [ -n "$reused" ]; then
    mkdir -p "$(dirname "$zip")" && cp "$reused" "$zip"
  else
    dpkg-deb --fsys-tarfile 0ad-data_*.deb | tar x "./$zip"
  fi
fi
unzip -o -q -j "$zip" art/meshes/skeletal/sanga_cattle_a.dae.cached.pmd -d extract
to_off extract/sanga_cattle_a.dae.cached.pmd 0ad-sanga-cattle

rm -rf extract
cd "$dir"
sha256sum --check --quiet "$root/bench/rig-psb/fresh4.sha256"
echo "fresh4 set in $dir"
