import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

/**
 * Uploads `count` small PNGs named day-1.png … day-N.png through the API as the signed-in page's user, dated
 * 2024-06-01 … 2024-06-0N at noon UTC (one month, a day apart: newest first in the gallery).
 */
export async function uploadDayPhotos(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: `#${(i + 2) * 11}3040` } })
      .png()
      .toBuffer();
    const res = await page.request.post('/api/photos', {
      multipart: { photo: { name: `day-${i + 1}.png`, mimeType: 'image/png', buffer: png } },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await page.request.patch(`/api/photos/${id}`, { data: { dateTaken: `2024-06-0${i + 1}T12:00:00Z` } })).ok()).toBe(true);
  }
}
