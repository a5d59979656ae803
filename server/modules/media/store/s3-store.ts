import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { withTemporaryFile } from './local-store'
import {
  ABANDONED_MULTIPART_UPLOAD_MS,
  assertMediaKey,
  type ByteRange,
  MediaObjectMissing,
  type MediaStore,
  type StoredObjectInfo,
} from './media-store'

export type S3Settings = {
  bucket: string
  /** Empty for AWS itself; the URL of any other S3-compatible server. */
  endpoint: string | undefined
  region: string
  /** Both or neither; without them the SDK's usual credential chain applies. */
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
  /** Prepended to every key (e.g. `crowdwork/`), so one bucket can hold several instances. */
  prefix: string
}

/** Parts of a multipart upload: S3's minimum is 5 MiB; two in flight bound the memory used. */
const PART_BYTES = 8 * 1024 * 1024
const PARTS_IN_FLIGHT = 2

/** An S3-compatible bucket (AWS S3, Ceph RGW, Garage, SeaweedFS, R2, MinIO...). */
export class S3MediaStore implements MediaStore {
  readonly description: string
  private readonly client: S3Client
  private readonly bucket: string
  private readonly prefix: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.prefix = settings.prefix
    this.description = `S3 bucket ${settings.bucket}${settings.prefix ? ` (prefix ${settings.prefix})` : ''}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint || undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the API demands them: several S3-compatible servers store the
      // aws-chunked framing of the default checksummed uploads instead of the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private objectKey(key: string): string {
    assertMediaKey(key)
    return `${this.prefix}${key}`
  }

  /**
   * A small object goes in one PutObject, which S3 makes visible only whole; a larger one in a
   * multipart upload completed only after its last part and aborted on any failure, so a failed
   * write never leaves an object under the key (a killed process's upload is left to `sweep`).
   */
  async put(key: string, source: Readable, options: { contentType?: string } = {}): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: source,
        ContentType: options.contentType,
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    })
    // The SDK reads the body through its own listeners; a source error must end the upload.
    const failed = new Promise<never>((_, reject) => source.once('error', reject))
    failed.catch(() => undefined)
    try {
      await Promise.race([upload.done(), failed])
    } catch (error) {
      await upload.abort().catch(() => undefined)
      throw error
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      const body = answer.Body
      if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a body`)
      return body
    } catch (error) {
      if (isNotFound(error)) throw new MediaObjectMissing(key)
      throw error
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      )
      return {
        key,
        size: answer.ContentLength ?? 0,
        lastModified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? `"${(answer.ContentLength ?? 0).toString(16)}"`,
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    )
  }

  async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.prefix}${prefix}`,
          ContinuationToken: token,
        }),
      )
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
          etag: object.ETag ?? '""',
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(toKey),
          CopySource: `${this.bucket}/${encodeURIComponent(this.objectKey(fromKey)).replaceAll('%2F', '/')}`,
        }),
      )
    } catch (error) {
      if (isNotFound(error)) throw new MediaObjectMissing(fromKey)
      throw error
    }
  }

  async withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const name = key.slice(key.lastIndexOf('/') + 1)
    return withTemporaryFile(name, async (filePath) => {
      await pipeline(await this.get(key), fs.createWriteStream(filePath))
      return use(filePath)
    })
  }

  /**
   * Aborts the multipart uploads of this store's prefix started a day ago or more: those of killed
   * processes (the longest live upload, a 4 GiB ZIP or an export, is younger). Several
   * processes may sweep at once; aborting an upload already aborted is answered NoSuchUpload.
   * Servers that cannot list uploads are left to the bucket's lifecycle rule.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0
    let keyMarker: string | undefined
    let uploadIdMarker: string | undefined
    do {
      let page: ListMultipartUploadsCommandOutput
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix || undefined,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed
        throw error
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue
        if (now - upload.Initiated.getTime() < ABANDONED_MULTIPART_UPLOAD_MS) continue
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          )
          removed += 1
        } catch (error) {
          if (!(error instanceof S3ServiceException && error.name === 'NoSuchUpload')) throw error
        }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
    } while (keyMarker)
    return removed
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (error) {
      const reason =
        error instanceof S3ServiceException
          ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
          : error instanceof Error
            ? error.message
            : String(error)
      throw new Error(`the media bucket ${this.description} cannot be reached: ${reason}`)
    }
  }

  close(): void {
    this.client.destroy()
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  )
}
