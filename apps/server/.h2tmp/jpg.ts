import fs from 'node:fs';
import { phoneJpeg } from '../src/test/media-factories.ts';
fs.writeFileSync('/tmp/h2-12mp.jpg', await phoneJpeg(4000, 3000, 6));
