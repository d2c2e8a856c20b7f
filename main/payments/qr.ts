// The checkout address as a QR matrix, so a customer can pay on their own phone. Main encodes
// it and the screen draws plain squares: no image data, no HTML injection, nothing for the
// renderer's CSP to allow.
import QRCode from 'qrcode'
import type { QrMatrix } from '../../common/ipc/payments'

export function qrMatrix(text: string): QrMatrix {
  // Medium error correction: survives a scuffed till screen, keeps modules large.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  let bits = ''
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) bits += modules.get(row, col) ? '1' : '0'
  return { size: modules.size, modules: bits }
}
