import sharp from 'sharp';
import exifr from 'exifr';
import decode from 'heic-decode';
import fs from 'node:fs';
for (const f of ['a.jpg','a.heic']) {
  try { const m = await sharp(f).metadata(); console.log(f, {format:m.format, w:m.width,h:m.height, orientation:m.orientation, exif: m.exif?.length, pages:m.pages, compression: m.compression}); } catch (e) { console.log(f, 'sharp meta err', e.message); }
  try { const e = await exifr.parse(f, {reviveValues:false, translateValues:false, gps:true, tiff:true, exif:true, ifd1:false, mergeOutput:true}); console.log(f, e); } catch (e) { console.log('exifr err', e.message); }
  try { const g = await exifr.gps(f); console.log('gps', g); } catch (e) { console.log('gps err', e.message); }
}
const r = await decode({buffer: fs.readFileSync('a.heic')});
console.log(r.width, r.height, r.data.length, r.data.constructor.name);
try { await sharp('a.heic').rotate().resize(10).jpeg().toBuffer(); console.log('sharp decoded heic?!'); } catch (e) { console.log('sharp decode err:', e.message); }
