/** A small collection in the Microban style (`; n` titles above each board), quick to solve. */
export const TINY_COLLECTION = `; Tiny collection for batch tests

; 1
#######
#@ $ .#
#######

; 2
#####
#.  #
# $ #
#  @#
#####

; 3
 ######
 #    #
 # $$ #
##. @ #
#   . #
#######

; 4
######
#.@  #
#$   #
#    #
######

; 5
#######
#.$ @ #
#  $  #
#.    #
#######

; 6
#####
#@  #
# $ #
# . #
#####
`;

export const TINY_COUNT = 6;

/** One level in a file of its own. */
export const CORRIDOR = '#######\n#@ $ .#\n#######\n';

/** The box sits in a corner: provably unsolvable. */
export const STUCK = '#####\n#$ .#\n# @ #\n#####\n';
