/**
 * A wide open room with twelve boxes: easy to solve somehow, but far beyond a move-optimal
 * search in a second. Tests use it as the level that would run for ever without a limit.
 */
export const OPEN_ROOM = [
  '######################',
  '#                    #',
  '#       . .     .    #',
  '# @        $$   $    #',
  '#               .    #',
  '#            $ $     #',
  '#  $      $          #',
  '#                    #',
  '#       ..           #',
  '#          $      $  #',
  '#  $    .            #',
  '#       .   . $ $    #',
  '# .   .              #',
  '#                .   #',
  '#                    #',
  '######################',
].join('\n');
