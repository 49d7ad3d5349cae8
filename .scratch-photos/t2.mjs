import sharp from 'sharp';
import exifr from 'exifr';
const m = await sharp('a.heic').metadata();
console.log(m.exif.subarray(0,16));
const m2 = await sharp('a.jpg').metadata();
console.log(m2.exif.subarray(0,16));
for (const buf of [m.exif, m.exif.subarray(6)]) {
  try { console.log(await exifr.parse(buf, {reviveValues:false, translateValues:false, mergeOutput:true, gps:true})); } catch(e) { console.log('err', e.message); }
}
