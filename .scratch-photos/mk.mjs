import sharp from 'sharp';
await sharp({create:{width:64,height:48,channels:3,background:{r:200,g:80,b:40}}}).jpeg().toFile('a.jpg');
