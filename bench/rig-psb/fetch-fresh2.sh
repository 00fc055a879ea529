#!/usr/bin/env bash
# The rigging benchmark's fresh2 set (bench/rig-psb.ts --set fresh2): a blind set of human and four-legged
# game meshes from Debian packages, chosen on 2026-12-07 by what they are (names, counts of vertices and
# connected pieces, three orthographic views drawn by bench/rig-psb/inspect-mesh.ts), after the fresh set
# was looked at and before the rigger, Bang or the rig benchmark ever ran on them. Nobody tunes on it: the
# lead runs it once. The rule is fetch-fresh.sh's: a whole body (head, two arms and two legs; or head and
# four legs) in a rest or natural standing pose, the body one connected surface (loose eyes, ears, tusks,
# tails or claws may be apart: Kiln rigs the largest piece), one mesh per species or character, and none
# the other sets already hold. Expected types are in bench/rig-psb.ts, written before any run.
#   humanoid (4):
#     cube2-data 1.3 (Cube 2 demo content, CC-BY 3.0; Frankie from the Apricot project, Yo Frankie!):
#       frankie (a two-legged cartoon flying squirrel in a T pose; the tail is apart).
#     lugaru-data 1.2 (Wolfire Games, CC-BY-SA 3.0), Lugaru's own .solid format: lugaru-rabbit
#       (Models/Body.solid: the two-legged rabbit fighter, arms down; ears apart) and lugaru-wolf
#       (Models/Wolf.solid: the two-legged wolf; tail and claws apart). Body2–7 and Wolf2–7 are the same
#       bodies reshaped; BodyLow and WolfLow their coarse copies; Rabbit.solid is in pieces.
#     megaglest-data 3.13.0 (MegaGlest megapack, CC-BY-SA 3.0), MegaGlest's G3D format, first frame of the
#       standing animation: behemoth (magic faction; a two-legged troll, club on its shoulder; club and
#       horns apart).
#   four-legged (17):
#     0ad-data 0.0.26 (0 A.D. art, CC-BY-SA 3.0), art/meshes/skeletal, bind pose: animal_lion, animal_boar,
#       donkey, fauna_hippopotamus, fox, goat, mastiff_no_spikes, pig, wildebeest_adult, zebra,
#       elephant_asian_male, Croc (on four sprawled legs), rabbit_01 (crouched, as a rabbit stands).
#     assimp-testmodels 5.2.5 (BSD-3 per Debian): OBJ/WusonOBJ.obj (Wuson, a bull) and
#       X/fromtruespace_bin32.x (a sauropod).
#     openclonk-data 8.1 (OpenClonk content, CC-BY 3.0; unpacked with c4group from the openclonk package):
#       Objects.ocd/Animals.ocd/Puka.ocd/Graphics.mesh (the Puka, a mouse-like animal on four short legs).
#     megaglest-data 3.13.0: sheep (persian faction, first frame of sheep_standing; ears and tail apart).
# Left out by the same rule: 0 A.D.'s species already in fresh (horse and its breeds, camel, deer,
# African elephants, giraffe, rhino, sheep, wolf, tiger, bear and polar bear), its young animals (piglet,
# giraffe_infant, elephant babies, wildebeest_juvenile), repeated species (lioness, wolfhound, mastiff with
# spikes, goat_male, rabbit_02, elephant_asian_male_b, all cattle, aurochs, zebu and sanga: the bull is
# Wuson), the muskox (fur in pieces: the largest piece is 44 %), the dragon (wings: six limbs), the walrus
# (flippers), birds and fish, armoured or ridden elephants, its human bodies (headless: heads are props) and
# statues (on plinths, robed to the ground or seated); assimp's other figures: BCN_Epileptic (head and legs
# apart from the torso), COB/dwarf (head and shoulders apart), HL1 man.mdl (separate boxes), heffalump (a
# scene), HUMAN.blend, human.zae, mrfixit, sydney, faerie (in fresh); cube2's snoutx10k (armour pieces, as
# in fresh); OpenClonk's Clonk (arms and shoes apart from the body), Wipf (sits upright), Mooq (mesh version
# assimp cannot read); MegaGlest's people (every soldier, worker, mage, valkyrie, Thor, the daemon: the
# head is a mesh of its own; Anubis: legs apart), its golem (leans on its long arms like an ape: neither
# type by the rule), genie (no legs), riders, dragons and birds, cow and pig (the bull is Wuson, the pig
# 0 A.D.'s); Red Eclipse's players (torso 20 %: limbs and head apart); UFO:AI's soldiers,
# civilians and aliens (heads are separate models); glmark2's horse (galloping) and cat (GPL-3, not a whole
# animal); Nexuiz (.zym, no reader). Game data: kept out of the repository, fetched into bench/out/
# (git-ignored) for benchmarks only, never shipped.
#
#   bash bench/rig-psb/fetch-fresh2.sh   # needs apt-get (Debian's registry; 0ad-data is a 1.4 GB download,
#                                        # reused from fetch-fresh.sh's download/ if there), assimp-utils
#                                        # (installed if missing), unzip, node_modules
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/out/rig-fresh2"
source "$root/bench/rig-psb/fetch-common.sh"
mkdir -p "$dir/download"
cd "$dir/download"
fetch_debs assimp-testmodels 0ad-data cube2-data lugaru-data openclonk openclonk-data megaglest-data
rm -rf extract && mkdir extract

# 0 A.D.: the animals straight from the game's compiled meshes.
zip=usr/share/games/0ad/mods/public/public.zip
if [ ! -f "$zip" ]; then
  if [ -f "$root/bench/out/rig-fresh/download/$zip" ]; then
    mkdir -p "$(dirname "$zip")" && cp "$root/bench/out/rig-fresh/download/$zip" "$zip"
  else
    dpkg-deb --fsys-tarfile 0ad-data_*.deb | tar x "./$zip"
  fi
fi
declare -A animal=([lion]=animal_lion [boar]=animal_boar [donkey]=donkey [hippopotamus]=fauna_hippopotamus
  [fox]=fox [goat]=goat [mastiff]=mastiff_no_spikes [pig]=pig [wildebeest]=wildebeest_adult [zebra]=zebra
  [elephant_asian]=elephant_asian_male [crocodile]=Croc [rabbit]=rabbit_01)
for name in "${!animal[@]}"; do
  unzip -o -q -j "$zip" "art/meshes/skeletal/${animal[$name]}.dae.cached.pmd" -d extract
  to_off "extract/${animal[$name]}.dae.cached.pmd" "$name"
done

# assimp's test models: Wuson as the OBJ it ships, the sauropod through assimp.
models=./usr/share/assimp/models
dpkg-deb --fsys-tarfile assimp-testmodels_*.deb | tar x -C extract "$models/OBJ/WusonOBJ.obj" \
  "$models/X/fromtruespace_bin32.x"
to_off "extract/$models/OBJ/WusonOBJ.obj" wuson-bull
assimp export "extract/$models/X/fromtruespace_bin32.x" extract/sauropod.obj >/dev/null
to_off extract/sauropod.obj sauropod

# Cube 2: Frankie's mesh (IQM) through assimp.
frankie=./usr/share/games/cube2/packages/models/frankie/Frankie.iqm
dpkg-deb --fsys-tarfile cube2-data_*.deb | tar x -C extract "$frankie"
assimp export "extract/$frankie" extract/frankie.obj >/dev/null
to_off extract/frankie.obj frankie

# Lugaru: its .solid files read directly.
lugaru=./usr/share/games/lugaru/Models
dpkg-deb --fsys-tarfile lugaru-data_*.deb | tar x -C extract "$lugaru/Body.solid" "$lugaru/Wolf.solid"
to_off "extract/$lugaru/Body.solid" lugaru-rabbit
to_off "extract/$lugaru/Wolf.solid" lugaru-wolf

# OpenClonk: its packed object folder opened with its own c4group, the Puka's OGRE mesh through assimp.
dpkg-deb -x openclonk_*.deb extract/openclonk
dpkg-deb --fsys-tarfile openclonk-data_*.deb | tar x -C extract ./usr/share/games/openclonk/Objects.ocd
(cd extract/usr/share/games/openclonk && "$dir/download/extract/openclonk/usr/bin/c4group" Objects.ocd -x >/dev/null)
assimp export extract/usr/share/games/openclonk/Objects.ocd/Animals.ocd/Puka.ocd/Graphics.mesh extract/puka.obj \
  >/dev/null
to_off extract/puka.obj puka

# MegaGlest: the behemoth's and the sheep's G3D files read directly (the first frame of standing).
factions=./usr/share/games/megaglest/techs/megapack/factions
dpkg-deb --fsys-tarfile megaglest-data_*.deb | tar x -C extract "$factions/magic/units/behemoth/models/behemoth_standing.g3d" \
  "$factions/persian/units/sheep/models/sheep_standing.g3d"
to_off "extract/$factions/magic/units/behemoth/models/behemoth_standing.g3d" behemoth
to_off "extract/$factions/persian/units/sheep/models/sheep_standing.g3d" sheep

rm -rf extract
cd "$dir"
sha256sum --check --quiet "$root/bench/rig-psb/fresh2.sha256"
echo "fresh2 set in $dir"
