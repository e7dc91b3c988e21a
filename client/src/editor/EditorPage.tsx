/** Placeholder until the editor lands (issue 12). */
export default function EditorPage() {
  return <main>建置中</main>;
}
