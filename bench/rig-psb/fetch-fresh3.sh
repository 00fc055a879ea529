#!/usr/bin/env bash
# The rigging benchmark's fresh3 set (bench/rig-psb.ts --set fresh3): a blind set of 24 human and
# four-legged meshes, chosen on 2026-12-07 after fresh2 was looked at. Blind: never rigged before the lead's
# run; neither the rigger, Bang nor the rig benchmark ran on any of them while choosing (only --list).
# How chosen: candidates named by what they are (package, path, the game's own unit or file name) and
# their expected types committed in bench/rig-psb.ts before any was converted; then fresh2's rule, which
# looks only at whether the file holds one whole body: head, two arms and two legs, or head and four legs,
# standing as the source has it, the body one connected surface (vertices welded by position; loose eyes,
# ears, horns, tusks, tails, pouches or a held sword may be apart: Kiln rigs the largest piece), one
# character per name, no mesh another set holds and no copy of one (same vertex count in the same game:
# 0 A.D.'s pony, polar bear, forest elephant, giraffe infant and juvenile wildebeest re-use meshes of fresh).
# Species repeat where no other whole four-legged body was left: two cows (MegaGlest's, FlightGear's)
# beside the aurochs and the zebu.
#   humanoid (13):
#     nexuiz-data 2.5.2 (Nexuiz, Alientrap, GPL-2+), data.pk3 models/player/<name>.zym, the first frame
#       of each model's "idle" scene (read by to-off.ts): nexuiz-carni, nexuiz-headhunter, nexuiz-jeandarc,
#       nexuiz-lurk, nexuiz-lycanthrope (a werewolf), nexuiz-marine, nexuiz-pyria, nexuiz-skadi,
#       nexuiz-specop, nexuiz-visitant (an alien).
#     libirrlicht-doc 1.8.5 (Irrlicht's media, zlib/libpng per Debian's copyright), media/ninja.b3d.gz
#       through assimp: irrlicht-ninja (holding a sword, which is apart).
#     ../shared/data/psb-dev (Princeton Segmentation Benchmark, SHREC 2007 watertight; academic data)
#       off/281.off and off/291.off: psb-armadillo-281 and psb-armadillo-291, the armadillo category's
#       first model of each of psb-dev's two pairs (281/282, 291/292), both upright on their legs.
#   four-legged (11):
#     0ad-data 0.0.26 (0 A.D. art, CC-BY-SA 3.0), art/meshes/skeletal, bind pose: wolfhound,
#       aurochs (auroch_a), zebu, camel_1, goat_male (horns apart), lioness (animal_lioness),
#       elephant (the fauna actor's elephant.dae; ears and tusks apart).
#     megaglest-data 3.13.0 (MegaGlest megapack, CC-BY-SA 3.0), G3D, first frame of standing:
#       megaglest-cow (Glest's cow: tech's, norsemen's and romans' cow and indian's bull are one file, which
#       Debian keeps at indian/units/bull/models/bull_standing.g3d and links the others to) and
#       megaglest-wild-sow (norsemen/units/wild_sow; tech's pig links to the same file).
#     flightgear-data-base 2020.3.16 (FlightGear, GPL-2+), Scenery/Models/Fauna, AC3D through assimp:
#       flightgear-cow (cow.ac, not cow-grazing.ac) and flightgear-horse (horse.ac).
# Candidates the rule left out were replaced by further candidates, each also named before it was
# converted, its type following from its name (Nexuiz's headhunter, jeandarc and specop for the two-legged ones; 0 A.D.'s elephant and
# FlightGear's animals for the four-legged ones). Left out by the rule: Nexuiz's grunt (head and legs apart
# from the torso: 55 %); Irrlicht's yodan.mdl (wings and tail: not a humanoid; sydney and faerie
# are in fresh, dwarf.x is not in Debian); MegaGlest's mummy, pharaoh and shaman (head a piece of its own,
# as with its other people), its indian bull (the cow's file), its persian elephant (carries an archer,
# 13 pieces); Pink Pony's pony.blend (two mirrored halves, not joined: 50 %); FlightGear's elephant and
# sheep (legs apart: 39 % and 20 %) and its Generic/Human figures (heads only: bodies are outfit files).
# Looked at and not used: cube2-data (only Frankie, mrfixit and snoutx10k: used or out), openclonk-data
# (Puka used; Wipf sits and Mooq is unreadable, as fresh2 found; the rest are by name fish, flyers, insects
# or a lava core), assimp-testmodels (its figures are in fresh and fresh2 or out). Not used, as the earlier
# sets found: OpenArena and Red Eclipse (players in head, torso and legs files), Minetest (separate boxes),
# UFO:AI (heads separate); SuperTuxKart's characters sit in karts. The expected types are in
# bench/rig-psb.ts. Up axes are the sources' own: Nexuiz's players stand along z (Quake's axes), the
# others along y. Game data: kept out of the repository, fetched into bench/out/ (git-ignored) for
# benchmarks only, never shipped.
#
#   bash bench/rig-psb/fetch-fresh3.sh   # needs apt-get (Debian's registry; 0ad-data and flightgear-data-base
#                                        # are 1.4 and 1.3 GB downloads; 0ad-data is reused from fetch-fresh*.sh's
#                                        # download/ or apt's cache if there), assimp-utils (installed if
#                                        # missing), unzip, ../shared/data/psb-dev, node_modules
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/out/rig-fresh3"
source "$root/bench/rig-psb/fetch-common.sh"
# psb-dev beside the checkout (../shared/data), or beside the worktrees' parent (../../shared/data).
psb=""
for candidate in "$root/../shared/data/psb-dev" "$root/../../shared/data/psb-dev"; do
  if [ -d "$candidate" ]; then psb="$candidate"; break; fi
done
[ -n "$psb" ] || { echo "psb-dev not found beside $root" >&2; exit 1; }
mkdir -p "$dir/download"
cd "$dir/download"
fetch_debs 0ad-data nexuiz-data libirrlicht-doc megaglest-data flightgear-data-base
rm -rf extract && mkdir extract

# Nexuiz: the players' Zymotic models read directly from the game's data.pk3.
pk3=./usr/share/games/nexuiz/data/data.pk3
dpkg-deb --fsys-tarfile nexuiz-data_*.deb | tar x -C extract "$pk3"
for name in carni headhunter jeandarc lurk lycanthrope marine pyria skadi specop visitant; do
  unzip -o -q -j "extract/$pk3" "models/player/$name.zym" -d extract
  to_off "extract/$name.zym" "nexuiz-$name"
done

# Irrlicht: the ninja (B3D) through assimp.
ninja=./usr/share/doc/libirrlicht-dev/media/ninja.b3d.gz
dpkg-deb --fsys-tarfile libirrlicht-doc_*.deb | tar x -C extract "$ninja"
gunzip -f "extract/$ninja"
assimp export "extract/${ninja%.gz}" extract/ninja.obj >/dev/null
to_off extract/ninja.obj irrlicht-ninja

# Princeton armadillos: already OFF.
cp "$psb/off/281.off" "$dir/psb-armadillo-281.off"
cp "$psb/off/291.off" "$dir/psb-armadillo-291.off"

# 0 A.D.: the animals straight from the game's compiled meshes.
zip=usr/share/games/0ad/mods/public/public.zip
if [ ! -f "$zip" ]; then
  reused=$(ls "$root"/bench/out/rig-fresh*/download/"$zip" 2>/dev/null | head -1 || true)
  if [ -n "$reused" ]; then
    mkdir -p "$(dirname "$zip")" && cp "$reused" "$zip"
  else
    dpkg-deb --fsys-tarfile 0ad-data_*.deb | tar x "./$zip"
  fi
fi
declare -A animal=([wolfhound]=wolfhound [aurochs]=auroch_a [zebu]=zebu [camel_1]=camel_1 [goat_male]=goat_male
  [lioness]=animal_lioness [elephant]=elephant)
for name in "${!animal[@]}"; do
  unzip -o -q -j "$zip" "art/meshes/skeletal/${animal[$name]}.dae.cached.pmd" -d extract
  to_off "extract/${animal[$name]}.dae.cached.pmd" "$name"
done

# MegaGlest: the cow's and the wild sow's G3D files read directly (the first frame of standing; the cow's
# file is stored once, under the indian bull, and linked from every faction's cow).
factions=./usr/share/games/megaglest/techs/megapack/factions
dpkg-deb --fsys-tarfile megaglest-data_*.deb | tar x -C extract "$factions/indian/units/bull/models/bull_standing.g3d" \
  "$factions/norsemen/units/wild_sow/models/pig_standing.g3d"
to_off "extract/$factions/indian/units/bull/models/bull_standing.g3d" megaglest-cow
to_off "extract/$factions/norsemen/units/wild_sow/models/pig_standing.g3d" megaglest-wild-sow

# FlightGear: the cow and the horse (AC3D) through assimp.
fauna=./usr/share/games/flightgear/Scenery/Models/Fauna
dpkg-deb --fsys-tarfile flightgear-data-base_*.deb | tar x -C extract "$fauna/cow.ac" "$fauna/horse.ac"
for name in cow horse; do
  assimp export "extract/$fauna/$name.ac" "extract/$name.obj" >/dev/null
  to_off "extract/$name.obj" "flightgear-$name"
done

rm -rf extract
cd "$dir"
sha256sum --check --quiet "$root/bench/rig-psb/fresh3.sha256"
echo "fresh3 set in $dir"
