/**
 * Photography and style phrases ("a DSLR photo of", "studio lighting", "trending on artstation"): they
 * describe the picture, not the object, so they are set aside before the subject is looked for. A few
 * of them still say something about the look and set a style.
 */
import { STOP_WORDS, type StyleWord } from './vocabulary.ts';

/** Phrase (lower case, single spaces) → the style it sets, or null when it only describes the picture. */
const PHRASES: Record<string, StyleWord | null> = {};

const about = (style: StyleWord | null, list: string) => {
  for (const p of list.split('|')) PHRASES[p.trim()] = style;
};

// Framings that introduce the subject: "a DSLR photo of X", "a low poly 3d model of X".
about(
  null,
  'a dslr photo of|dslr photo of|a photo of|photo of|a photograph of|photograph of|a picture of|picture of|an image of|image of|a render of|render of|a rendering of|a 3d render of|3d render of|a 3d model of|3d model of|a 3d rendering of|a close up of|close up of|a closeup of|a zoomed out dslr photo of|a zoomed in dslr photo of|a zoomed out photo of|a zoomed in photo of|an illustration of|a painting of|a sculpture of a|a toy model of',
);
about(
  'low-poly',
  'a low poly 3d model of|low poly 3d model of|low poly 3d model|a low poly model of|low poly model|low poly style|low poly|lowpoly|polygonal art',
);
about(
  'cartoon',
  'pixar style|disney style|cartoon style|cel shaded|claymation|clay render|3d cartoon|in the style of pixar',
);
about(
  'realistic',
  'photorealistic|photo realistic|hyperrealistic|hyper realistic|realistic 3d|realistic render|national geographic photo|national geographic',
);
about(
  null,
  [
    'zoomed out|zoomed in|zoom out|studio lighting|studio light|soft lighting|dramatic lighting|cinematic lighting|volumetric lighting|rim lighting|natural lighting|golden hour',
    'product photography|product photo|product shot|product render|food photography|macro photography|macro photo|macro shot|night photography|underwater photography|forest photography|wildlife photography|street photography|studio portrait|studio photo|interior design photo|stock photo|professional photo',
    'high resolution|high res|hi res|high quality|best quality|highly detailed|hyper detailed|ultra detailed|extremely detailed|extreme detail|extreme close up|close up|closeup|full body|full shot|wide shot|wide angle|aerial view|top view|front view|side view|isometric view|isometric',
    'trending on artstation|artstation|octane render|unreal engine 5|unreal engine|unity asset|blender render|cinema 4d|c4d|vray|v ray|redshift render|ray tracing|raytraced|3d render|3d model|3d asset|3d character|3d art|3d print|3d|game asset|game ready|game-ready|concept art|digital art|cgsociety|sketchfab|masterpiece',
    'tilt shift|tilt-shift|4k|8k|16k|4k photo|8k photo|4k uhd|uhd|hdr|hd|dslr|dof|depth of field|bokeh|sharp focus|shallow depth of field|35mm|50mm|85mm|f 1 8|canon|nikon|sony a7',
    'on a white background|white background|on white background|plain background|black background|isolated on white|studio background|museum replica|cinematic|award winning|beautiful|stunning|epic|sharp',
  ].join('|'),
);

/** A kind of photography named by any word; a comma clause that is only "<word> photo". */
const GENRE_PATTERNS = [/ [a-z]+ photography(?= )/g, /(?<=[,;.] )[a-z]+ photo(?= [,;.] | $)/g];

const SORTED = Object.keys(PHRASES).sort((a, b) => b.length - a.length);

export interface SetAside {
  /** The prompt with the phrases replaced by commas (so they also end the clause they were in). */
  text: string;
  styles: StyleWord[];
  /** The phrases found, in the order of the list above. */
  phrases: string[];
}

/** Removes photography/style phrases (whole words only); commas mark where they stood. */
export function setAsideStylePhrases(prompt: string): SetAside {
  // Accents dropped as in the tokenizer ("crème brûlée" stays two words).
  let text = ` ${prompt
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[?!:]+/g, ';')
    .replace(/[^a-z0-9,;.\- ]+/g, ' ')
    .replace(/([,;.])/g, ' $1 ')
    .replace(/\s+/g, ' ')} `;
  const styles: StyleWord[] = [];
  const phrases: string[] = [];
  for (const phrase of SORTED) {
    const pattern = ` ${phrase} `;
    if (!text.includes(pattern)) continue;
    text = text.split(pattern).join(' , ');
    phrases.push(phrase);
    const style = PHRASES[phrase];
    if (style && !styles.includes(style)) styles.push(style);
  }
  // "bar photography", "wedding photography"; ", museum photo,": any kind of photography, and a
  // clause that is only "<word> photo", describe the picture too.
  for (const pattern of GENRE_PATTERNS) {
    text = text.replace(pattern, (found: string) => {
      // "a photography studio": after a function word, photography is the subject's own modifier.
      if (STOP_WORDS.has(found.trim().split(' ')[0])) return found;
      phrases.push(found.replace(/[,;.]/g, '').trim());
      return ' , ';
    });
  }
  return { text: text.trim(), styles, phrases };
}
