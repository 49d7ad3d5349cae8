-- Word and OpenDocument text files are read now (decision 058): the ones already in the vault are read at the next start.
UPDATE "vault_files" SET "text_status" = 'pending'
WHERE "text_status" = 'unsupported'
  AND "mime_type" IN ('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.oasis.opendocument.text');
