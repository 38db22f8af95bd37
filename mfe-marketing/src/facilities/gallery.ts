import basement600 from './images/basement-600.jpg';
import basement1200 from './images/basement-1200.jpg';
import corridor600 from './images/corridor-600.jpg';
import corridor1200 from './images/corridor-1200.jpg';
import entrance600 from './images/entrance-600.jpg';
import entrance1200 from './images/entrance-1200.jpg';
import unit600 from './images/unit-600.jpg';
import unit1200 from './images/unit-1200.jpg';

/** The four gallery images, each at two widths; alt texts come from the translations by index. */
export const GALLERY = [
  { small: corridor600, large: corridor1200 },
  { small: unit600, large: unit1200 },
  { small: basement600, large: basement1200 },
  { small: entrance600, large: entrance1200 },
] as const;

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 800;
