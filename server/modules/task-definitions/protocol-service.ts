import type * as v from 'valibot'
import { msg } from '#lingui-message'
import {
  type ProtocolServingType,
  type ProtocolView,
  TaskProtocolCreateSchema,
  type TaskProtocolEntity,
  TaskProtocolPatchSchema,
} from '../../../contract/client-definitions'
import { API_BASE } from '../../../contract/constants'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { fieldError, notFound } from '../../http/errors'
import { validateRequestPart } from '../../http/valibot'
import { clientScopeOf } from '../client-groups/scope'
import { removeStoredFile } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import { unifiedLineDiff } from './line-diff'
import {
  deleteMediaObjectIfUnreferenced,
  findMediaObject,
  findProtocol,
  insertPdfObject,
  type ProtocolRow,
  protocolRows,
  protocolTable,
} from './protocol-queries'
import type { ProtocolRequest, UploadedPdf } from './protocol-upload'
import { assertClientGroupInScope } from './references'
import { PROTOCOL_KIND, predecessorOf, usageOf } from './version-queries'
import { deleteUnusedVersion, editVersion, versionEntity, versionedReads } from './versioning'

/**
 * Where a protocol's PDF is served: the public protocol view with the serve flag. The file's uuid
 * rides along so that a PDF replaced in place is never answered from a cache.
 */
const protocolFilePath = (protocolId: number, fileUuid: string) =>
  `${API_BASE}/media/protocols/${protocolId}/?serve=true&file=${fileUuid}`

async function loadProtocols(db: Db, ids: number[]): Promise<TaskProtocolEntity[]> {
  const rows = await protocolRows(db, ids)
  const usage = await usageOf(db, PROTOCOL_KIND, ids)
  return rows.map(({ protocol, author, clientGroup, file, fileCreator }) =>
    versionEntity(
      protocol,
      {
        serving_type: protocol.servingType,
        content: protocol.content,
        file: file && {
          id: file.id,
          uuid: file.uuid,
          name: file.name,
          path: protocolFilePath(protocol.id, file.uuid),
          created_timestamp: file.createdAt.toISOString(),
          creator: fileCreator,
        },
        diff: protocol.diff,
        show_changes_days: protocol.showChangesDays,
      },
      { author, clientGroup, usage },
    ),
  )
}

export const protocolReads = versionedReads(PROTOCOL_KIND, loadProtocols)

function parseFields<TSchema extends v.GenericSchema>(schema: TSchema, fields: unknown) {
  const result = validateRequestPart(schema, 'body', fields)
  if ('error' in result) throw result.error
  return result.value
}

type Serving = { servingType: ProtocolServingType; content: string }

/** What a version shows: the Markdown of a TXT protocol, a PDF with no text. */
function servingOf(servingType: ProtocolServingType, content: string, hasFile: boolean): Serving {
  if (servingType === 'PDF') {
    if (!hasFile) throw fieldError('file', msg`A PDF protocol needs its PDF file.`)
    return { servingType, content: '' }
  }
  if (content.trim() === '') throw fieldError('content', msg`A text protocol needs its Markdown.`)
  return { servingType, content }
}

/** The change against the version before, for text protocols on both sides; null otherwise. */
function diffAgainst(
  previous: (Serving & { version: number }) | null,
  next: Serving,
  version: number,
) {
  if (previous?.servingType !== 'TXT' || next.servingType !== 'TXT') return null
  const diff = unifiedLineDiff(previous.content, next.content, {
    fromLabel: `version ${previous.version}`,
    toLabel: `version ${version}`,
  })
  return diff === '' ? null : diff
}

/**
 * Runs a write that may have stored an uploaded PDF, removing the file again when the write fails
 * so no orphan is left in the media directory.
 */
async function withUpload<T>(media: MediaStore, file: UploadedPdf | null, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (file) await removeStoredFile(media, file.storageKey)
    throw error
  }
}

export async function createProtocol(
  db: Db,
  user: SessionUser,
  media: MediaStore,
  { fields, file }: ProtocolRequest,
): Promise<TaskProtocolEntity> {
  const id = await withUpload(media, file, async () => {
    const body = parseFields(TaskProtocolCreateSchema, fields)
    if (file && body.serving_type !== 'PDF') {
      throw fieldError('file', msg`Only a PDF protocol takes a file.`)
    }
    const serving = servingOf(body.serving_type, body.content, file !== null)
    await assertClientGroupInScope(db, await clientScopeOf(db, user), body.client_group)
    return db.transaction(async (tx) =>
      protocolTable.insert(tx, {
        name: body.name,
        clientGroupId: body.client_group,
        ...serving,
        fileId: file && (await insertPdfObject(tx, file, user.id)),
        showChangesDays: body.show_changes_days,
        authorId: user.id,
      }),
    )
  })
  return protocolReads.one(db, id)
}

export async function patchProtocol(
  db: Db,
  user: SessionUser,
  media: MediaStore,
  id: number,
  { fields, file }: ProtocolRequest,
): Promise<TaskProtocolEntity> {
  /** A PDF the edit replaced in place, deleted once the edit is committed. */
  let replacedFileId: number | null = null
  const resultId = await withUpload(media, file, async () => {
    const patch = parseFields(TaskProtocolPatchSchema, fields)
    const scope = await clientScopeOf(db, user)
    const target = (row: ProtocolRow) => {
      const servingType = patch.serving_type ?? row.servingType
      if (file && servingType !== 'PDF')
        throw fieldError('file', msg`Only a PDF protocol takes a file.`)
      const keptFile = row.servingType === 'PDF' ? row.fileId : null
      const keptContent = row.servingType === 'TXT' ? row.content : ''
      return servingOf(
        servingType,
        patch.content ?? keptContent,
        file !== null || keptFile !== null,
      )
    }
    const fileIdFor = async (tx: Db, row: ProtocolRow, serving: Serving) => {
      if (serving.servingType !== 'PDF') return null
      return file ? insertPdfObject(tx, file, user.id) : row.fileId
    }
    return editVersion(db, PROTOCOL_KIND, scope, id, {
      lock: protocolTable.lock,
      changesContent: (row) => {
        const serving = target(row)
        return (
          file !== null ||
          serving.servingType !== row.servingType ||
          serving.content !== row.content
        )
      },
      inPlace: async (tx, row) => {
        const serving = target(row)
        const fileId = await fileIdFor(tx, row, serving)
        const predecessorId = await predecessorOf(tx, PROTOCOL_KIND, id)
        const predecessor = predecessorId === null ? null : await findProtocol(tx, predecessorId)
        await protocolTable.update(tx, id, {
          name: patch.name,
          showChangesDays: patch.show_changes_days,
          ...serving,
          fileId,
          diff: diffAgainst(predecessor ?? null, serving, row.version),
        })
        if (row.fileId !== null && row.fileId !== fileId) replacedFileId = row.fileId
      },
      insertNext: async (tx, row, version) => {
        const serving = target(row)
        return protocolTable.insert(tx, {
          lineageId: row.lineageId,
          version,
          name: patch.name ?? row.name,
          clientGroupId: row.clientGroupId,
          ...serving,
          fileId: await fileIdFor(tx, row, serving),
          diff: diffAgainst(row, serving, version),
          showChangesDays: patch.show_changes_days ?? row.showChangesDays,
          authorId: user.id,
        })
      },
    })
  })
  if (replacedFileId !== null) await dropFileIfUnused(db, media, replacedFileId)
  return protocolReads.one(db, resultId)
}

async function dropFileIfUnused(db: Db, media: MediaStore, fileId: number) {
  const storageKey = await deleteMediaObjectIfUnreferenced(db, fileId)
  if (storageKey) await removeStoredFile(media, storageKey)
}

export async function deleteProtocol(db: Db, user: SessionUser, media: MediaStore, id: number) {
  const scope = await clientScopeOf(db, user)
  const row = await deleteUnusedVersion(db, PROTOCOL_KIND, scope, id, protocolTable.lock)
  if (row.fileId !== null) await dropFileIfUnused(db, media, row.fileId)
}

const DAY_MS = 24 * 60 * 60 * 1000

async function findViewable(db: Db, id: number) {
  const protocol = await findProtocol(db, id)
  if (!protocol) throw notFound(msg`No such task protocol.`)
  return protocol
}

/** The public protocol view; the diff is offered while show_changes_days last. */
export async function protocolView(db: Db, id: number, now = new Date()): Promise<ProtocolView> {
  const protocol = await findViewable(db, id)
  const offeredUntil = protocol.createdAt.getTime() + protocol.showChangesDays * DAY_MS
  return {
    id: protocol.id,
    name: protocol.name,
    version: protocol.version,
    serving_type: protocol.servingType,
    content: protocol.content,
    diff: protocol.diff,
    show_changes: protocol.diff !== null && now.getTime() < offeredUntil,
    created_timestamp: protocol.createdAt.toISOString(),
  }
}

/** The stored PDF of a PDF protocol; a text protocol has none (404). */
export async function protocolPdf(db: Db, id: number) {
  const protocol = await findViewable(db, id)
  const file = protocol.fileId === null ? undefined : await findMediaObject(db, protocol.fileId)
  if (protocol.servingType !== 'PDF' || !file) {
    throw notFound(msg`This protocol is text; it has no file to serve.`)
  }
  return file
}
