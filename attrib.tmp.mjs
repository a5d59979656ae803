import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'
const dist='/tmp/dist-sm'
const html=fs.readFileSync(path.join(dist,'index.html'),'utf8')
const entries=[...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map(m=>m[1])
const files=new Set()
const visit=f=>{ if(files.has(f))return; files.add(f); const code=fs.readFileSync(path.join(dist,f),'utf8'); for(const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?"\.\/([^"]+)"/g)) visit(path.join(path.dirname(f),m[1])) }
entries.forEach(visit)
const bySource={}
for(const f of files){ if(!fs.existsSync(path.join(dist,f+'.map')))continue; const code=fs.readFileSync(path.join(dist,f),'utf8'); const map=new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dist,f+'.map'),'utf8')))
 const lines=code.split('\n'); 
 const segs=[]; map.eachMapping(m=>segs.push(m))
 segs.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn)
 for(let i=0;i<segs.length;i++){ const s=segs[i], n=segs[i+1]; const line=lines[s.generatedLine-1]||''; const end=(n&&n.generatedLine===s.generatedLine)?n.generatedColumn:line.length; const src=(s.source||'?').replace(/.*node_modules\//,'nm/'); bySource[src]=(bySource[src]||'')+line.slice(s.generatedColumn,end) } }
const rows=Object.entries(bySource).map(([k,v])=>[k,v.length,zlib.gzipSync(v).length]).sort((a,b)=>b[1]-a[1])
const filter=process.argv[2]
for(const r of rows.filter(r=>!filter||r[0].includes(filter))) console.log(r[1],r[2],r[0])
