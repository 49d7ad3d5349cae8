// Why a bucket refused, as the owner reads it: English as before, or the owner's language for the monthly check.
import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n';
import { bucketFailure } from './escrow-bucket';

describe('bucketFailure', () => {
  it('says in English what the storage service answered, as before', () => {
    expect(bucketFailure({ name: 'NoSuchBucket' }, 'family')).toBe('There is no bucket named “family” at that address');
    expect(bucketFailure({ $metadata: { httpStatusCode: 1503 } }, 'family')).toBe('The storage service answered with status 1503');
  });

  it('says it in the owner’s language', () => {
    const german = translator('de');
    expect(bucketFailure({ name: 'NoSuchBucket' }, 'family', german)).toBe('Unter dieser Adresse gibt es keinen Bucket namens „family“');
    expect(bucketFailure({ Code: 'SignatureDoesNotMatch' }, 'family', translator('fr'))).toBe(
      'La clé secrète ne correspond pas à la clé d’accès',
    );
    expect(bucketFailure({ $metadata: { httpStatusCode: 1503 } }, 'family', german)).toBe(
      'Der Speicherdienst hat mit Status 1503 geantwortet',
    );
  });
});
