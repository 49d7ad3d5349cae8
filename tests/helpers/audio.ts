// Audio the type sniffers recognise, for attachment tests.

/** A mono 16-bit PCM WAV with a short tone. */
export function wavFile(seconds = 0.25, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** RIFF chunk: id, little-endian size, data, a pad byte when the size is odd. */
function chunk(id: string, data: Buffer) {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

/**
 * A WAV that says where it was recorded, as field recorders do: a LIST/INFO comment and an iXML LOCATION, around
 * the tone of wavFile.
 */
export function wavWithPlace(place: string, seconds = 0.25) {
  const plain = wavFile(seconds);
  const fmt = plain.subarray(12, 36);
  const data = plain.subarray(36);
  const info = chunk('LIST', Buffer.concat([Buffer.from('INFO'), chunk('ICMT', Buffer.from(`${place}\0`))]));
  const ixml = chunk(
    'iXML',
    Buffer.from(`<?xml version="1.0"?><BWFXML><LOCATION><LOCATION_GPS>${place}</LOCATION_GPS></LOCATION></BWFXML>`),
  );
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, info, ixml, data]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
